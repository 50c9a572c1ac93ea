/**
 * Stateful sequence: the one 404 the description states. Under a merchant that exists, updating a
 * provider whose identifier does not exist (a fresh UUID each time), with a body the operation's
 * schema accepts, answers 404: "The provider update answers 404 when no provider with the given
 * identifier exists." A 2xx (the update accepted) breaks that stated rule; another refusal only
 * diverges, since which rule a deployment checks first is not stated.
 */
import { randomUUID } from 'node:crypto';
import type fc from 'fast-check';
import { quoteStatedRule, STATED_RULES } from '../verdict/index.ts';
import { arbitraryFromSchema } from './schema-arbitrary.ts';
import type { SequenceCommand, SequenceDefinition } from './sequence-definition.ts';
import type { SequenceSession } from './sequence-session.ts';

const OPERATION = 'updateMerchantProvider';
const RULE = STATED_RULES.unknownProvider404;

interface UnknownProviderModel {
  merchantId: string;
}

/** Why another refusal than 404 only diverges. */
const OTHER_REFUSAL =
  'The description states 404 for an unknown provider, not which answer comes first when the deployment also refuses the request for another reason (its body, a conflict).';

/** Updates a provider that does not exist (a fresh id) of the model's merchant, expecting the stated 404. */
async function updateUnknownProvider(real: SequenceSession, merchantId: string, body: unknown, name: string) {
  const notFound = real.contract.operationsById.get(OPERATION)?.responses.get(404);
  // Spec-derived: the 404 is a stated rule only while the spec documents it without an assumption.
  const assumed404 = notFound ? (notFound.assumed ?? notFound.assumedCondition) : 'the spec lists no 404';
  const merchantProviderId = randomUUID();
  await real.call(OPERATION, {
    name,
    pathParams: { merchantId, merchantProviderId },
    body,
    expected: [404],
    judgeOther: (status) =>
      status < 400
        ? {
            message: `${OPERATION} answered ${status} for provider ${merchantProviderId}, which does not exist, of merchant ${merchantId}; ${quoteStatedRule(RULE)}`,
            ...(assumed404 ? { assumed: assumed404 } : {}),
          }
        : {
            message: `${OPERATION} answered ${status} for a provider that does not exist, not 404`,
            assumed: assumed404 ?? OTHER_REFUSAL,
          },
  });
}

class UpdateUnknownProvider implements SequenceCommand<UnknownProviderModel> {
  constructor(readonly body: Record<string, unknown>) {}
  check = () => true;
  async run(model: UnknownProviderModel, real: SequenceSession): Promise<void> {
    await updateUnknownProvider(real, model.merchantId, this.body, this.toString());
  }
  toString = () => `updateMerchantProvider(a provider that does not exist, ${JSON.stringify(this.body)})`;
}

export const unknownProviderSequence: SequenceDefinition<UnknownProviderModel> = {
  name: 'unknown-provider',
  rule: RULE.sentence,
  operations: [OPERATION],
  async setup(real) {
    await real.resetTenant();
    const { merchantId = '' } = await real.providerState('a merchant {merchantId} exists', {
      merchantId: randomUUID(),
    });
    // Every run asks at least once, with the body the description makes valid ("All fields are optional").
    await updateUnknownProvider(real, merchantId, {}, 'updateMerchantProvider(a provider that does not exist, {})');
    return { merchantId };
  },
  commands(contract) {
    const schema = contract.operationsById.get(OPERATION)?.requestBody?.schema;
    if (!schema) throw new Error(`the spec gives ${OPERATION} no request body`);
    return [
      (arbitraryFromSchema(schema) as fc.Arbitrary<Record<string, unknown>>).map(
        (body): SequenceCommand<UnknownProviderModel> => new UpdateUnknownProvider(body),
      ),
    ];
  },
};
