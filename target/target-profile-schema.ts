/** The JSON Schema of a target profile (`--profile FILE`), the authority `profile check` validates against. */

const secretSource = {
  description: "where a secret comes from: an environment variable, a shell command's output, or the value itself",
  oneOf: [
    {
      type: 'object',
      properties: { env: { type: 'string', minLength: 1 } },
      required: ['env'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { command: { type: 'string', minLength: 1 } },
      required: ['command'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { value: { type: 'string', minLength: 1 } },
      required: ['value'],
      additionalProperties: false,
    },
  ],
} as const;

const id = { type: 'string', minLength: 1 } as const;
const bound = {
  type: 'object',
  properties: { id, token: secretSource, otherToken: secretSource },
  required: ['id', 'token'],
  additionalProperties: false,
} as const;

export const TARGET_PROFILE_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'gas-harness target profile',
  type: 'object',
  additionalProperties: false,
  required: ['target'],
  properties: {
    target: { type: 'string', minLength: 1 },
    timeoutSeconds: { type: 'number', exclusiveMinimum: 0 },
    credentials: {
      type: 'object',
      additionalProperties: false,
      properties: {
        token: secretSource,
        tokenWithoutPermission: secretSource,
        expiredToken: secretSource,
        apiKey: secretSource,
        bound: {
          type: 'object',
          additionalProperties: false,
          properties: { dealerId: bound, merchantId: bound, consumerId: bound, userId: bound },
        },
      },
    },
    fixtures: {
      type: 'object',
      additionalProperties: false,
      properties: {
        merchantId: id,
        merchantProviderId: id,
        otherMerchantProviderId: id,
        dealerId: id,
        coverageAreaId: id,
        deletableCoverageAreaIds: { type: 'array', items: id, uniqueItems: true },
        categoryId: id,
        productId: id,
      },
    },
    statesUrl: { type: 'string', minLength: 1 },
  },
} as const;
