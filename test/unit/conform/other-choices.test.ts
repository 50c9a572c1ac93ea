import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../contract/index.ts';
import { contractOf } from '../../../contract/load-contract.ts';
import { otherChoices } from '../../support/other-choices.ts';

describe('the deployment that chose otherwise', () => {
  it('takes another choice for every x-assumed mark of the spec', async () => {
    const contract = await loadContract();
    const { choices } = otherChoices(contract.raw, contract.assumptions, () => Promise.resolve([]));
    expect(choices.map((c) => c.pointer)).toEqual(contract.assumptions.map((a) => a.pointer));
    for (const choice of choices) expect(choice.takes, choice.pointer).not.toBe('');
  });

  it('throws on a mark it has no alternative for, naming it', async () => {
    const contract = await loadContract();
    const raw = structuredClone(contract.raw);
    (raw.info as Record<string, unknown>)['x-assumed-title'] = 'a mark of a new kind';
    const marked = [...contract.assumptions, { ...contract.assumptions[0]!, pointer: '#/info/x-assumed-title' }];
    expect(() => otherChoices(raw, marked, () => Promise.resolve([]))).toThrow(/#\/info\/x-assumed-title/);
  });

  it('serves a document that changes what the spec assumed and keeps what the description states', async () => {
    const contract = await loadContract();
    const other = await contractOf(
      otherChoices(contract.raw, contract.assumptions, () => Promise.resolve([])).document,
    );
    const op = (id: string) => other.operationsById.get(id)!;
    // Assumed: other success statuses, no scopes, every field required, UUID-only path ids.
    expect(op('createBrand').successStatus).toBe(200);
    expect(op('receiveAppEvent').successStatus).toBe(200);
    expect(op('getProduct').successStatus).toBe(203);
    expect(op('upsertCustomer').security.scopes).toEqual([]);
    expect(other.validators.body('createBrand', { name: 'x' }).map((i) => i.target)).toEqual(['body.description']);
    expect(other.validators.params('getProduct', { productId: 'not-a-uuid' })).toHaveLength(1);
    // Stated: the provider update's 204, the address's 200, the provider update's closed body.
    expect(op('updateMerchantProvider').successStatus).toBe(204);
    expect(op('upsertConsumerAddress').successStatus).toBe(200);
    expect(other.validators.body('updateMerchantProvider', { unknown: 1 })).toHaveLength(1);
  });
});
