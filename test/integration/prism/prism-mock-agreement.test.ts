/**
 * Prism reads our OpenAPI 3.1 document the way we do: for every operation and every documented
 * status (asked for with `Prefer: code=N`), the body Prism's mock answers, from the examples or
 * generated from the schemas, passes our own response validators. This exercises Prism on what 3.1
 * added (type unions with null, if/then, examples arrays) and on our `x-assumed*` extensions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startPrism, type PrismProcess } from '../../../prism/prism-process.ts';
import { loadContract, type Contract } from '../../../contract/index.ts';

const ANY_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

let contract: Contract;
beforeAll(async () => {
  contract = await loadContract();
});

async function disagreements(mock: PrismProcess, samples: number): Promise<string[]> {
  const found: string[] = [];
  for (const op of contract.operations) {
    const path = op.path.replace(/\{[^}]+\}/g, ANY_ID);
    const example = (op.requestBody?.schema.examples as unknown[] | undefined)?.[0];
    const headers: Record<string, string> = {
      authorization: op.security.scheme === 'apiKey' ? 'any-api-key' : 'Bearer any-token',
    };
    if (op.requestBody) headers['content-type'] = op.requestBody.mediaTypes[0] ?? 'application/json';
    for (const status of op.responses.keys()) {
      for (let i = 0; i < samples; i++) {
        const res = await request(`${mock.url}${path}`, {
          method: op.method,
          headers: { ...headers, prefer: `code=${status}` },
          body: op.requestBody ? JSON.stringify(example) : undefined,
        });
        const text = await res.body.text();
        const issues = contract.validators.response(
          op.id,
          res.statusCode,
          text ? (JSON.parse(text) as unknown) : undefined,
        );
        if (res.statusCode !== status)
          found.push(`${op.id}: asked for ${status}, got ${res.statusCode} ${text.slice(0, 120)}`);
        else if (issues?.length)
          found.push(`${op.id} ${status}: ${issues.map((x) => x.message).join('; ')} in ${text.slice(0, 120)}`);
      }
    }
  }
  return found;
}

describe("Prism's mock and our validators", () => {
  let staticMock: PrismProcess;
  let dynamicMock: PrismProcess;
  beforeAll(async () => {
    [staticMock, dynamicMock] = await Promise.all([
      startPrism({ mode: 'mock', verboseLevel: 'error' }),
      startPrism({ mode: 'mock', dynamic: true, seed: 'gas-harness', verboseLevel: 'error' }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await staticMock?.close();
    await dynamicMock?.close();
  });

  it('answers every documented status with a body our validators accept, from the examples', async () => {
    expect(await disagreements(staticMock, 1)).toEqual([]);
  });

  it('answers every documented status with a body our validators accept, generated from the schemas', async () => {
    expect(await disagreements(dynamicMock, 3)).toEqual([]);
  });
});
