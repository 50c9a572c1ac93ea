import { describe, expect, it } from 'vitest';
import { isValidCpf, loadContract } from '../../../contract/index.ts';

const contract = await loadContract();
const UUID = '4f6c2a1e-8d3b-4c5a-9e7f-1a2b3c4d5e6f';
const validParams = (id: string) =>
  Object.fromEntries(
    contract.operationsById.get(id)?.pathParams.map((p) => [p.name, p.schema.format === 'uuid' ? UUID : 'any-id']) ??
      [],
  );

describe('the compiled validators', () => {
  it.each(contract.operations.map((op) => [op.id, op] as const))(
    'accept a valid request and reject an invalid one for %s',
    (id, op) => {
      expect(contract.validators.params(id, validParams(id))).toEqual([]);
      if (op.requestBody) {
        const example = (op.requestBody.schema.examples as unknown[] | undefined)?.[0];
        expect(example, `${id} has an example body`).toBeDefined();
        expect(contract.validators.body(id, example)).toEqual([]);
        const issues = contract.validators.body(id, [example]);
        expect(issues[0]).toMatchObject({ target: 'body', status: 400 });
      } else {
        expect(contract.validators.params(id, {}).map((i) => i.status)).toContain(400);
      }
    },
  );

  it('answers 400 for a bad uuid in the provider path and for an unknown provider property', () => {
    expect(
      contract.validators.params('updateMerchantProvider', { merchantId: 'nope', merchantProviderId: UUID }),
    ).toEqual([expect.objectContaining({ target: 'path.merchantId', status: 400 })]);
    expect(contract.validators.body('updateMerchantProvider', { colour: 'blue' })).toEqual([
      expect.objectContaining({ target: 'body.colour', status: 400 }),
    ]);
  });

  it('accepts null for every provider update field', () => {
    expect(
      contract.validators.body('updateMerchantProvider', {
        name: null,
        priority: null,
        methods: null,
        credentials: null,
        acquirer: null,
      }),
    ).toEqual([]);
  });

  it('answers 422, naming the assumption, for values that parse but break a rule', () => {
    const issues = contract.validators.body('upsertCustomer', {
      name: 'Ana',
      email: 'not-an-email',
      phoneNumber: '11 9999',
      document: { type: 'Cpf', number: '12345678900', country: 'ZZ' },
      billingAddress: { latitude: 91, longitude: -181 },
    });
    expect(issues.map((i) => [i.target, i.status])).toEqual(
      expect.arrayContaining([
        ['body.email', 422],
        ['body.phoneNumber', 422],
        ['body.document.number', 422],
        ['body.document.country', 422],
        ['body.billingAddress.latitude', 422],
        ['body.billingAddress.longitude', 422],
      ]),
    );
    expect(issues.every((i) => i.status === 422 && i.assumed)).toBe(true);
  });

  it('answers 400 for wrong types and missing required fields', () => {
    expect(contract.validators.body('updateOrderEta', { eta: 'soon' })).toEqual([
      expect.objectContaining({ target: 'body.eta', status: 400 }),
    ]);
    expect(contract.validators.body('updateOrderEta', {})).toEqual([
      expect.objectContaining({ target: 'body.eta', status: 400 }),
    ]);
    expect(contract.validators.body('updateOrderEta', { eta: -1 })).toEqual([
      expect.objectContaining({ target: 'body.eta', status: 422 }),
    ]);
  });

  it('checks a response body against the shape documented for its status', () => {
    expect(
      contract.validators.response('getProduct', 404, { errors: [{ code: 'x', target: 'y', message: 'z' }] }),
    ).toEqual([]);
    expect(contract.validators.response('getProduct', 404, { error: 'x' })?.length).toBeGreaterThan(0);
    expect(contract.validators.response('getProduct', 401, {})).toEqual([]);
    expect(contract.validators.response('getProduct', 401, { message: 'no' })?.length).toBeGreaterThan(0);
    expect(contract.validators.response('upsertCustomer', 204, undefined)).toBeUndefined();
  });

  it('knows valid CPFs from invalid ones', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('123')).toBe(false);
  });
});
