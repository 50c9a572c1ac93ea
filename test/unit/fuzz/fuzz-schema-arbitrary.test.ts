import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFromSchema, listMutations } from '../../../fuzz/index.ts';
import { unguardedArbitraryFromSchema } from '../../../fuzz/schema-arbitrary.ts';
import { createAjv, isValidCpf, loadContract, type JsonSchema } from '../../../contract/index.ts';
import { PROPERTY_SEED } from '../../support/property-seed.ts';

const contract = await loadContract();
// A validator of our own, compiled apart from the converter's, so the converter cannot grade itself.
const ajv = createAjv();
// CI fixes the seed with FUZZ_SEED; the seed in use is printed either way.
const seed = PROPERTY_SEED;
const schemas = (contract.document.components as { schemas: Record<string, JsonSchema> }).schemas;
const bodies = contract.operations
  .filter((op) => op.requestBody)
  .map((op) => [op.id, op.requestBody?.schema ?? {}] as const);
const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 200) => fc.sample(arb, { numRuns, seed });

describe('the schema→arbitrary converter', () => {
  // The converter proper, without the ajv guard that arbitraryFromSchema adds on top of it.
  it.each(bodies)('generates only values valid against the %s request body schema', (_id, schema) => {
    const validate = ajv.compile(schema);
    for (const value of sample(unguardedArbitraryFromSchema(schema)))
      expect(validate(value), JSON.stringify(value)).toBe(true);
  });

  it.each(['UserProfile', 'ProductResponse', 'OrderCounter', 'ErrorList', 'Failure', 'ProblemDetails'])(
    'generates only valid %s values (response schemas)',
    (name) => {
      const schema = schemas[name] ?? {};
      const validate = ajv.compile(schema);
      for (const value of sample(unguardedArbitraryFromSchema(schema)))
        expect(validate(value), JSON.stringify(value)).toBe(true);
    },
  );

  it('reaches both sides of a type union with null, and never adds a property the schema forbids', () => {
    const values = sample(arbitraryFromSchema(schemas.MerchantProviderUpdate ?? {}), 300) as Record<string, unknown>[];
    expect(values.some((v) => v.name === null)).toBe(true);
    expect(values.some((v) => typeof v.name === 'string')).toBe(true);
    const known = Object.keys((schemas.MerchantProviderUpdate?.properties ?? {}) as object);
    expect(values.every((v) => Object.keys(v).every((k) => known.includes(k)))).toBe(true);
  });

  it('never generates the prototype-poisoning keys the simulator refuses, even where any JSON is allowed', () => {
    // receiveAppEvent's mensagem is any JSON; fc.jsonValue alone yields "__proto__" keys now and then.
    const mensagem = (schemas.AppEvent?.properties as Record<string, JsonSchema>).mensagem ?? {};
    const values = sample(arbitraryFromSchema(mensagem), 100_000);
    const texts = values.map((v) => JSON.stringify(v));
    // A string followed by a colon (and not escaped inside another string) is a key.
    expect(texts.filter((t) => /(?<!\\)"__proto__":/.test(t))).toEqual([]);
    expect(texts.some((t) => t.startsWith('{') && t.length > 2)).toBe(true);
  });

  it('takes the if/then branch with valid CPFs, and matches patterns and formats', () => {
    const documents = sample(arbitraryFromSchema(schemas.Document ?? {}), 400) as { type?: string; number?: string }[];
    const cpfs = documents.filter((d) => d.type === 'Cpf' && d.number !== undefined);
    expect(cpfs.length).toBeGreaterThan(10);
    expect(cpfs.every((d) => isValidCpf(d.number ?? ''))).toBe(true);
    const customers = sample(arbitraryFromSchema(schemas.Customer ?? {})) as { phoneNumber?: string }[];
    const phones = customers.flatMap((c) => (c.phoneNumber ? [c.phoneNumber] : []));
    expect(phones.length).toBeGreaterThan(10);
    expect(phones.every((p) => /^\+[1-9][0-9]{7,14}$/.test(p))).toBe(true);
    const priorities = (
      sample(arbitraryFromSchema(schemas.MerchantProviderUpdate ?? {}), 300) as { priority?: number | null }[]
    ).flatMap((v) => (typeof v.priority === 'number' ? [v.priority] : []));
    expect(priorities.every((p) => Number.isInteger(p) && p >= 0 && p <= 2 ** 31 - 1)).toBe(true);
  });
});

describe('negative mutations', () => {
  it.each(bodies)('break every valid %s body they mutate', (_id, schema) => {
    const validate = ajv.compile(schema);
    let mutations = 0;
    for (const value of sample(arbitraryFromSchema(schema), 50)) {
      for (const mutation of listMutations(schema, value)) {
        mutations++;
        expect(validate(mutation.value), `${mutation.kind} ${mutation.target}: ${JSON.stringify(mutation.value)}`).toBe(
          false,
        );
      }
    }
    expect(mutations).toBeGreaterThan(0);
  });

  it('covers every kind of mutation, and the spec classifies them as 400 or 422', () => {
    const body = {
      name: 'Ana',
      email: 'ana@example.com',
      document: { type: 'Cpf', number: '52998224725', country: 'BR' },
      billingAddress: { latitude: 10 },
    };
    const mutations = listMutations(schemas.Customer ?? {}, body);
    const byKind = (kind: string) => mutations.filter((m) => m.kind === kind).map((m) => m.target);
    expect(byKind('missing_required')).toContain('body.name');
    expect(byKind('wrong_type')).toEqual(expect.arrayContaining(['body', 'body.name', 'body.document.number']));
    expect(byKind('out_of_range')).toEqual(expect.arrayContaining(['body.name', 'body.billingAddress.latitude']));
    expect(byKind('bad_format')).toEqual(
      expect.arrayContaining(['body.email', 'body.document.number', 'body.document.country']),
    );
    const status = (target: string, kind: string) => {
      const mutation = mutations.find((m) => m.target === target && m.kind === kind);
      return contract.validators.body('upsertCustomer', mutation?.value).map((i) => i.status);
    };
    expect(status('body.name', 'missing_required')).toEqual([400]);
    expect(status('body.document.number', 'bad_format')).toEqual([422]);
    const provider = listMutations(schemas.MerchantProviderUpdate ?? {}, { name: 'Cielo' });
    expect(provider.map((m) => [m.kind, m.target])).toContainEqual(['unknown_property', 'body.unexpectedProperty']);
  });
});
