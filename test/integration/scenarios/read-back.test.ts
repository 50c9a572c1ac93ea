import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenarios } from '../../../scenarios/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';

describe('a read-back step (after:) of a write the target refused', () => {
  let simulator: RunningSimulator;
  beforeAll(async () => {
    simulator = await startSimulator({ port: 0 });
  });
  afterAll(async () => simulator?.close());

  it('is skipped, naming the write and its answer, while the refused write is judged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gas-read-back-'));
    const suite = join(dir, 'read-back.yaml');
    writeFileSync(
      suite,
      [
        'name: a refused rename',
        'steps:',
        '  - name: renames the category',
        "    request: { method: PUT, path: '/v1/categories/8db6dae4-f17f-4eaa-9c8d-e391cf5e7ab6', headers: { Prefer: code=422 }, body: { name: Novo } }",
        '    expect: { status: 204 }',
        '  - name: the product shows the new name',
        '    after: renames the category',
        "    request: { method: GET, path: '/v1/products/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' }",
        '    expect: { status: 200, json: [{ path: $.data.category.name, equals: Novo }] }',
        '  - name: the product reads',
        "    request: { method: GET, path: '/v1/products/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' }",
        '    expect: { status: 200 }',
      ].join('\n'),
    );
    const report = await runScenarios({ target: simulator.url, paths: [suite] });
    const [write, readBack, read] = report.suites[0]?.steps ?? [];
    expect(write).toMatchObject({ outcome: 'failed', status: 422 });
    expect(readBack).toMatchObject({
      outcome: 'skipped',
      skipReason: 'reads back what step "renames the category" wrote, which the target answered 422',
    });
    expect(read).toMatchObject({ outcome: 'passed' });
  });
});
