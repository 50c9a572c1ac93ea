import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../contract/index.ts';
import { readSeed, type SeedField } from '../../support/seed-document.ts';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; type?: string | string[] };

const contract = await loadContract();
const seed = readSeed();
const schemas = (contract.document.components as { schemas: Record<string, Schema> }).schemas;

const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** What the seed's type column says the spec must hold, as JSON Schema types, format and nested fields. */
function expectedOf(
  field: SeedField,
  nullable: boolean,
): { types: string[]; format?: string; nested?: Record<string, string> } {
  const t = field.type;
  const withNull = (types: string[]) => (nullable ? [...types, 'null'] : types);
  if (t.startsWith('any JSON value')) return { types: [] };
  if (t.startsWith('integer'))
    return { types: withNull(['integer']), ...(t.includes('int32') ? { format: 'int32' } : {}) };
  if (t.startsWith('number')) return { types: withNull(['number']) };
  if (t.startsWith('boolean')) return { types: withNull(['boolean']) };
  if (t.startsWith('array of string')) return { types: withNull(['array']) };
  if (t.startsWith('object with')) {
    const nested = Object.fromEntries([...t.matchAll(/(\w+) \((\w+)\)/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
    return { types: withNull(['object']), nested };
  }
  if (t.startsWith('object') || t.startsWith('free-form object')) return { types: withNull(['object']) };
  if (t.startsWith('string, uuid')) return { types: withNull(['string']), format: 'uuid' };
  if (t.startsWith('string')) return { types: withNull(['string']) };
  throw new Error(`unknown seed type "${t}" for ${field.resource}.${field.name}`);
}

describe('the spec holds the seed document', () => {
  it('finds the seed tables it checks against', () => {
    expect(seed.endpoints).toHaveLength(15);
    expect(new Set(seed.fields.map((f) => f.resource))).toEqual(
      new Set([
        'MerchantProviderUpdate',
        'Merchant',
        'Customer',
        'Document',
        'BillingAddress',
        'ConsumerAddress',
        'CoverageArea',
        'Device',
        'User',
        'UserProfile',
        'Category',
        'Brand',
        'Product',
        'OrderEta',
        'OrderCounterRequest',
        'AppEvent',
      ]),
    );
    expect(seed.fields.length).toBeGreaterThan(70);
  });

  it.each(seed.endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('has the operation %s', (_, endpoint) => {
    const op = contract.operations.find((o) => o.method === endpoint.method && o.path === endpoint.path);
    expect(op, `${endpoint.operation}`).toBeDefined();
  });

  it.each(seed.fields.map((f) => [`${f.resource}.${f.name}`, f] as const))(
    'has the field %s with its seed type',
    (_, field) => {
      const schema = schemas[field.resource];
      expect(schema, `schema ${field.resource}`).toBeDefined();
      const property = schema?.properties?.[field.name];
      expect(property, `${field.resource}.${field.name}`).toBeDefined();
      const expected = expectedOf(field, field.resource === 'MerchantProviderUpdate');
      // A null the seed does not show is allowed only where the spec marks it assumed.
      const types = typesOf(property as Schema).filter(
        (t) => !(t === 'null' && (property as Schema)['x-assumed-type']),
      );
      expect(types.sort()).toEqual([...expected.types].sort());
      if (expected.format) expect((property as Schema).format).toBe(expected.format);
      for (const [name, type] of Object.entries(expected.nested ?? {})) {
        const nested = (property as Schema).properties?.[name] as Schema | undefined;
        expect(nested, `${field.resource}.${field.name}.${name}`).toBeDefined();
        if (type === 'uuid') expect(nested?.format).toBe('uuid');
        else expect(typesOf(nested as Schema)).toEqual([type]);
      }
    },
  );

  it('declares no field the seed does not list on a resource it lists', () => {
    for (const resource of new Set(seed.fields.map((f) => f.resource))) {
      const listed = new Set(seed.fields.filter((f) => f.resource === resource).map((f) => f.name));
      expect(
        Object.keys(schemas[resource]?.properties ?? {}).filter((p) => !listed.has(p)),
        resource,
      ).toEqual([]);
    }
  });

  it('forbids unknown properties in the provider update and leaves every field optional', () => {
    const update = schemas.MerchantProviderUpdate as Schema;
    expect(update.additionalProperties).toBe(false);
    expect(update.required).toBeUndefined();
  });

  it('wraps the product read in data and answers data.id on brand creation', () => {
    const product = contract.operationsById.get('getProduct')?.responses.get(200)?.schema as Schema;
    expect(product.properties?.data).toBe(schemas.Product);
    const brand = contract.operationsById.get('createBrand')?.responses.get(201)?.schema as Schema;
    expect((brand.properties?.data as Schema).properties?.id?.format).toBe('uuid');
  });

  it('types path parameters as uuid only where the seed says so', () => {
    for (const op of contract.operations) {
      for (const p of op.pathParams) {
        expect(p.schema.format === 'uuid', `${op.id} ${p.name}`).toBe(
          p.name === 'merchantId' || p.name === 'merchantProviderId',
        );
      }
    }
  });

  it('keeps the provider update status table exactly as the seed gives it, none of it assumed', () => {
    const op = contract.operationsById.get('updateMerchantProvider');
    const documented = [...(op?.responses.values() ?? [])].filter((r) => !r.assumed).map((r) => r.status);
    expect(documented).toEqual([204, 400, 401, 403, 404, 409, 422, 500]);
    expect(op?.responses.get(409)?.shape).toBe('errorList');
    expect(op?.responses.get(401)?.shape).toBe('empty');
  });

  it('answers each family in the error shape the seed assigns to it', () => {
    const shapes = Object.fromEntries(contract.operations.map((o) => [o.id, o.errorShape]));
    for (const id of [
      'updateMerchantProvider',
      'upsertCustomer',
      'upsertMerchant',
      'updateCoverageArea',
      'deleteCoverageArea',
      'registerDealerDevice',
      'updateCategory',
      'createBrand',
      'getProduct',
    ]) {
      expect(shapes[id], id).toBe('errorList');
    }
    expect(shapes.upsertUser).toBe('failure');
    expect(shapes.getUserProfile).toBe('failure');
    expect(shapes.receiveAppEvent).toBe('problem');
    expect(contract.operationsById.get('receiveAppEvent')?.responses.get(400)?.mediaType).toBe(
      'application/problem+json',
    );
  });

  it('holds the fields of the three error shapes', () => {
    const item = ((schemas.ErrorList as Schema).properties?.errors as Schema).items as Schema;
    expect(Object.keys(item.properties ?? {})).toEqual(['code', 'target', 'message']);
    expect(Object.keys((schemas.Failure as Schema).properties ?? {})).toEqual([
      'code',
      'description',
      'type',
      'numericType',
      'metadata',
    ]);
    expect(Object.keys((schemas.ProblemDetails as Schema).properties ?? {})).toEqual(
      expect.arrayContaining(['type', 'title', 'status', 'detail', 'instance']),
    );
  });

  it('names the media types the seed names', () => {
    const media = (id: string) => contract.operationsById.get(id)?.requestBody?.mediaTypes;
    expect(media('upsertConsumerAddress')).toEqual(['application/json', 'text/json', 'application/*+json']);
    expect(media('receiveAppEvent')).toEqual(['application/json-patch+json']);
    for (const op of contract.operations) {
      if (op.requestBody && !['upsertConsumerAddress', 'receiveAppEvent'].includes(op.id))
        expect(op.requestBody.mediaTypes, op.id).toEqual(['application/json']);
    }
  });

  it('secures the order counter with an API key and everything else with a bearer token and a scope', () => {
    for (const op of contract.operations) {
      if (op.id === 'incrementOrderCounter') expect(op.security).toMatchObject({ scheme: 'apiKey', scopes: [] });
      else {
        expect(op.security.scheme, op.id).toBe('bearer');
        expect(op.security.scopes, op.id).toHaveLength(1);
      }
    }
  });
});
