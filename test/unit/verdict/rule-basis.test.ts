import { describe, expect, it } from 'vitest';
import { jsonPathBasis, listedStatusBasis, schemaBasis, statusBasis } from '../../../verdict/rule-basis.ts';
import { loadContract } from '../../../contract/index.ts';

const contract = await loadContract();
const op = (id: string) => {
  const found = contract.operationsById.get(id);
  if (!found) throw new Error(id);
  return found;
};
const UUID = '4f6c2a1e-8d3b-4c5a-9e7f-1a2b3c4d5e6f';

describe('telling documented rules from assumed ones', () => {
  it('calls the provider update 404 and 401 documented, and a 5xx always a broken documented rule', () => {
    expect(statusBasis(op('updateMerchantProvider'), 404, 204, [])).toMatchObject({
      basis: 'documented',
      stated: 'unknownProvider404',
      reason: expect.stringContaining(
        '"The provider update answers 404 when no provider with the given identifier exists."',
      ),
    });
    expect(statusBasis(op('getProduct'), 401, 200, []).basis).toBe('documented');
    expect(statusBasis(op('getProduct'), 200, 500, []).basis).toBe('documented');
  });

  it('calls a status assumed when the spec assumes it, its condition or its trigger', () => {
    expect(statusBasis(op('getProduct'), 404, 200, [])).toMatchObject({
      basis: 'assumed',
      reason: 'An unknown product is 404.',
    });
    expect(statusBasis(op('updateMerchantProvider'), 409, 204, []).reason).toMatch(
      /another provider of the same merchant/,
    );
    expect(statusBasis(op('updateMerchantProvider'), 403, 204, []).reason).toMatch(/scope/);
    const negativePriority = contract.validators.body('updateMerchantProvider', { priority: -1 });
    expect(statusBasis(op('updateMerchantProvider'), 422, 204, negativePriority).reason).toMatch(
      /negative one is rejected/,
    );
    const unknownProperty = contract.validators.body('updateMerchantProvider', { colour: 'blue' });
    expect(statusBasis(op('updateMerchantProvider'), 400, 204, unknownProperty).basis).toBe('documented');
    expect(
      contract.validators.params('updateMerchantProvider', { merchantId: UUID, merchantProviderId: UUID }),
    ).toEqual([]);
  });

  it('splits a 403 for a token bound elsewhere: let through is a broken stated rule, another refusal only diverges', () => {
    const dealer = { param: 'dealerId' };
    expect(statusBasis(op('updateCoverageArea'), 403, 204, [], dealer)).toEqual({
      basis: 'documented',
      stated: 'permission403',
      reason:
        'documented: "When the token is valid but lacks permission for the resource, the response is 403." (Authentication, rule 7)',
    });
    expect(statusBasis(op('getUserProfile'), 403, 200, [], { param: 'userId' }).stated).toBe('permission403');
    for (const refusal of [400, 404, 422])
      expect(statusBasis(op('updateCoverageArea'), 403, refusal, [], dealer)).toMatchObject({
        basis: 'assumed',
        reason: expect.stringMatching(/bound to a dealer/),
      });
    // Without a binding (a token without the scope) the permission model is all assumed, a 2xx too.
    expect(statusBasis(op('updateCoverageArea'), 403, 204, []).basis).toBe('assumed');
  });

  it('calls a body check assumed when the body or its schema is', () => {
    const counter = op('incrementOrderCounter').responses.get(200);
    expect(schemaBasis(counter, []).basis).toBe('assumed');
    expect(jsonPathBasis(counter, '$.orderCount', false).basis).toBe('assumed');
    const product = op('getProduct').responses.get(200);
    expect(jsonPathBasis(product, '$.data.category.name', false).basis).toBe('documented');
    expect(jsonPathBasis(product, '$.data.imageUrl', true).basis).toBe('assumed');
    expect(jsonPathBasis(op('upsertConsumerAddress').responses.get(200), '$.id', false).basis).toBe('assumed');
  });
});

describe('the error shape an operation uses', () => {
  const categoryNotFound = op('updateCategory').responses.get(404);
  const problem = { type: 'about:blank', title: 'Not Found', status: 404 };

  it('is documented, quoting the Errors table, when an answer has another of the three stated shapes', () => {
    expect(schemaBasis(categoryNotFound, [], problem)).toMatchObject({ basis: 'documented', stated: 'errorList' });
    expect(jsonPathBasis(categoryNotFound, '$.errors[0].code', true, problem)).toMatchObject({ stated: 'errorList' });
    const profileNotFound = op('getUserProfile').responses.get(404);
    expect(schemaBasis(profileNotFound, [], { errors: [] })).toMatchObject({ stated: 'failureObject' });
    expect(schemaBasis(op('receiveAppEvent').responses.get(400), [], { errors: [] })).toMatchObject({
      stated: 'problemDetailsOnIntake',
    });
  });

  it('leaves a missing field assumed when the body has no other shape (required fields are not shown)', () => {
    expect(jsonPathBasis(categoryNotFound, '$.errors[0].code', true, {}).basis).toBe('assumed');
    expect(jsonPathBasis(categoryNotFound, '$.errors[0].code', true, { message: 'gone' }).basis).toBe('assumed');
  });
});

describe('a refusal where the spec expects another answer', () => {
  const issues = (id: string, body: unknown) => contract.validators.body(id, body);

  it('only diverges where the description leaves open which requests are refused and how', () => {
    // One of the provider update's stated statuses; which requests get it is open.
    expect(statusBasis(op('updateMerchantProvider'), 204, 409, [])).toMatchObject({ basis: 'assumed' });
    expect(
      statusBasis(op('updateMerchantProvider'), 400, 422, issues('updateMerchantProvider', { colour: 1 })),
    ).toMatchObject({ basis: 'assumed' });
    // An operation whose error statuses the description does not give: any refusal only diverges.
    expect(statusBasis(op('createBrand'), 201, 400, [])).toMatchObject({ basis: 'assumed' });
    expect(statusBasis(op('upsertCustomer'), 422, 409, [])).toMatchObject({ basis: 'assumed' });
    // The key-authorised counter: 401 or 403 for a bearer token is the spec's choice.
    expect(statusBasis(op('incrementOrderCounter'), 401, 403, []).basis).toBe('assumed');
  });

  it('stays a documented FAILURE where the description pins the answer', () => {
    // Outside the provider update's table of statuses.
    expect(statusBasis(op('updateMerchantProvider'), 204, 418, []).basis).toBe('documented');
    // The stated 401 for a missing token, on any operation but the counter.
    expect(statusBasis(op('upsertCustomer'), 401, 403, []).basis).toBe('documented');
    expect(statusBasis(op('upsertCustomer'), 204, 401, []).basis).toBe('documented');
    // The provider update's stated 404.
    expect(statusBasis(op('updateMerchantProvider'), 404, 422, []).stated).toBe('unknownProvider404');
    // An upsert that answers that the record is unknown does not create it.
    expect(statusBasis(op('upsertCustomer'), 204, 404, [])).toMatchObject({
      basis: 'documented',
      stated: 'upsertCreates',
      reason: expect.stringContaining('they update the record or create it'),
    });
  });

  it('quotes the closed provider body when a property outside it is accepted', () => {
    expect(
      statusBasis(op('updateMerchantProvider'), 400, 204, issues('updateMerchantProvider', { colour: 1 })),
    ).toMatchObject({ basis: 'documented', stated: 'closedProviderBody' });
  });

  it('calls a status an operation does not list assumed only where its statuses are not stated', () => {
    expect(listedStatusBasis(op('createBrand'), 418).basis).toBe('assumed');
    expect(listedStatusBasis(op('createBrand'), 200).basis).toBe('assumed');
    expect(listedStatusBasis(op('updateMerchantProvider'), 418).basis).toBe('documented');
    expect(listedStatusBasis(op('updateMerchantProvider'), 200).basis).toBe('documented');
    expect(listedStatusBasis(op('createBrand'), 401).basis).toBe('documented');
  });
});
