/**
 * The layer rules of .dependency-cruiser.mjs (run by `npm run lint`), tried on small trees laid out
 * like the project's: imports that break a rule fail the check and name the rule; allowed ones pass.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectFile } from '../../../project-files.ts';

const DEPCRUISE = projectFile('node_modules', '.bin', 'depcruise');
const CONFIG = projectFile('.dependency-cruiser.mjs');

let tree: string | undefined;
afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

/** Lays out `files` (path → source) in a fresh folder with a tsconfig like the project's, and runs the check there. */
function checkTree(files: Record<string, string>): { status: number | null; output: string } {
  tree = mkdtempSync(join(tmpdir(), 'gas-harness-layers-'));
  const compilerOptions = {
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    allowImportingTsExtensions: true,
    noEmit: true,
  };
  writeFileSync(join(tree, 'tsconfig.json'), JSON.stringify({ compilerOptions }));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), source);
  }
  const run = spawnSync(DEPCRUISE, ['--config', CONFIG, '--output-type', 'err', '.'], {
    cwd: tree,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The leaves and the kernel as small modules, each folder with an entry point and an internal module. */
const BASE: Record<string, string> = {
  'contract/index.ts': "export { rules } from './rules.ts';\n",
  'contract/rules.ts': 'export const rules = 1;\n',
  'verdict/index.ts': "import { rules } from '../contract/index.ts';\nexport const verdict = rules;\n",
  'client/index.ts': "import { verdict } from '../verdict/index.ts';\nexport const client = verdict;\n",
  'simulator/index.ts': "export { serve } from './server.ts';\n",
  'simulator/server.ts': "import { rules } from '../contract/index.ts';\nexport const serve = rules;\n",
  'scenarios/index.ts': "import { client } from '../client/index.ts';\nexport const runScenarios = client;\n",
  'fuzz/index.ts': "export { fuzz } from './fuzzer.ts';\n",
  'fuzz/fuzzer.ts': "import { client } from '../client/index.ts';\nexport const fuzz = client;\n",
  'conform/index.ts':
    "import { fuzz } from '../fuzz/index.ts';\nimport { runScenarios } from '../scenarios/index.ts';\nexport const conform = fuzz + runScenarios;\n",
  'cli/main.ts':
    "import { conform } from '../conform/index.ts';\nimport { serve } from '../simulator/index.ts';\nconsole.log(conform, serve);\n",
};

describe('the dependency-boundary check', () => {
  it('passes a tree whose imports all point down, composers through entry points', { timeout: 120_000 }, () => {
    const { status, output } = checkTree(BASE);
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });

  it('fails when a leaf imports another leaf', { timeout: 120_000 }, () => {
    const { status, output } = checkTree({
      ...BASE,
      'scenarios/index.ts': "import { serve } from '../simulator/index.ts';\nexport const runScenarios = serve;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/leaf-imports-leaf: scenarios\/index\.ts → simulator\/index\.ts/);
  });

  it('fails when the kernel imports a leaf', { timeout: 120_000 }, () => {
    const { status, output } = checkTree({
      ...BASE,
      'client/index.ts': "import { serve } from '../simulator/index.ts';\nexport const client = serve;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/kernel-imports-up: client\/index\.ts → simulator\/index\.ts/);
  });

  it('fails when a kernel folder imports one above it in the kernel', { timeout: 120_000 }, () => {
    const { status, output } = checkTree({
      ...BASE,
      'contract/rules.ts': "import { verdict } from '../verdict/index.ts';\nexport const rules = verdict;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/kernel-order-contract: contract\/rules\.ts → verdict\/index\.ts/);
  });

  it("fails when a composer reaches past a leaf's entry point", { timeout: 120_000 }, () => {
    const { status, output } = checkTree({
      ...BASE,
      'cli/main.ts': "import { serve } from '../simulator/server.ts';\nconsole.log(serve);\n",
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/composer-reaches-past-entry-point: cli\/main\.ts → simulator\/server\.ts/);
  });

  it('fails when a leaf imports a composer, or a module imports a test', { timeout: 120_000 }, () => {
    const { status, output } = checkTree({
      ...BASE,
      'simulator/server.ts':
        "import { conform } from '../conform/index.ts';\nimport { fixture } from '../test/fixture.ts';\nexport const serve = conform + fixture;\n",
      'test/fixture.ts': 'export const fixture = 2;\n',
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/leaf-imports-composer: simulator\/server\.ts → conform\/index\.ts/);
    expect(output).toMatch(/imports-a-test: simulator\/server\.ts → test\/fixture\.ts/);
  });
});
