import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadContract, renderAssumptions } from '../../../contract/index.ts';

const contract = await loadContract();

describe('the assumptions table', () => {
  it('is what docs/assumptions.md holds', () => {
    const committed = readFileSync(new URL('../../../docs/assumptions.md', import.meta.url), 'utf8');
    expect(committed, 'run `npx gas-harness spec assumptions > docs/assumptions.md`').toBe(
      renderAssumptions(contract.assumptions),
    );
  });

  it('gives one sentence of reasoning for every assumption', () => {
    for (const a of contract.assumptions) {
      expect(a.why, `${a.operation} ${a.element}`).toMatch(/^[A-Z"'].*[.]$/);
      expect(a.why.split(/[.] [A-Z]/).length, `${a.operation} ${a.element}: one sentence`).toBe(1);
    }
  });

  it('marks every status the seed does not state, and the permission of every operation', () => {
    const undocumentedSuccess = [
      'deleteCoverageArea',
      'updateOrderEta',
      'upsertUser',
      'getUserProfile',
      'createBrand',
      'getProduct',
      'upsertMerchant',
      'incrementOrderCounter',
      'receiveAppEvent',
    ];
    for (const op of contract.operations) {
      for (const r of op.responses.values()) {
        const statedBySeed =
          op.id === 'updateMerchantProvider'
            ? ![413, 415, 503, 507].includes(r.status)
            : r.status === 401 ||
              r.status === 403 ||
              (r.status === op.successStatus && !undocumentedSuccess.includes(op.id));
        expect(Boolean(r.assumed), `${op.id} ${r.status}`).toBe(!statedBySeed);
      }
      if (op.security.scheme === 'bearer') expect(op.security.assumed, op.id).toBeTruthy();
    }
  });
});
