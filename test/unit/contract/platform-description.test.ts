/**
 * The repository's copy of the platform's interface description, which the spec is encoded from and
 * the seed tests read, against the description shared beside the checkout: a new version of the
 * description fails here until the copy (and the spec) follow it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEED_PATH, SHARED_SEED_PATH } from '../../support/seed-document.ts';

const shared = existsSync(SHARED_SEED_PATH);
if (!shared) console.warn(`skipping the description check: ${SHARED_SEED_PATH} is not beside this checkout`);

describe('the repository copy of the platform description', () => {
  it.skipIf(!shared)('equals the description shared beside the checkout', () => {
    expect(readFileSync(SEED_PATH, 'utf8')).toBe(readFileSync(SHARED_SEED_PATH, 'utf8'));
  });
});
