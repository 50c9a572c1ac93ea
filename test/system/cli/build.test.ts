/**
 * The build in dist/ (scripts/build.ts; `npm ci`, `npm pack` and `npm test` run it): the command runs
 * from it, it is made from the current sources, and the spec's JSON in it is the YAML as it is now.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ADMIN_SPEC_JSON_FILE, BUILD_INFO_FILE, projectFile, SPEC_JSON_FILE } from '../../../project-files.ts';
import { fileHash, type BuildInfo } from '../../../scripts/build.ts';
import { ADMIN_SPEC_PATH, SPEC_PATH } from '../../../contract/index.ts';
import { runCli } from '../../support/cli.ts';

const REBUILD = 'stale: run `npm run build`';

describe('the build in dist/', () => {
  it('is made from the current sources', () => {
    const info = JSON.parse(readFileSync(projectFile(BUILD_INFO_FILE), 'utf8')) as BuildInfo;
    const sources = Object.keys(info.sources);
    expect(sources).toContain('cli/main.ts');
    expect(sources).toContain('index.ts');
    expect(sources).toContain('contracts/pact/verify-worker.ts');
    const changed = sources.filter((source) => fileHash(projectFile(source)) !== info.sources[source]);
    expect(changed, REBUILD).toEqual([]);
  });

  it('holds the two documents parsed from their YAML as they are now', () => {
    const built = JSON.parse(readFileSync(projectFile(SPEC_JSON_FILE), 'utf8')) as unknown;
    expect(built, `dist/gas-platform.openapi.json is ${REBUILD}`).toEqual(parseYaml(readFileSync(SPEC_PATH, 'utf8')));
    const admin = JSON.parse(readFileSync(projectFile(ADMIN_SPEC_JSON_FILE), 'utf8')) as unknown;
    expect(admin, `dist/admin-api.openapi.json is ${REBUILD}`).toEqual(
      parseYaml(readFileSync(ADMIN_SPEC_PATH, 'utf8')),
    );
  });

  it('runs the command', async () => {
    const run = await runCli(['errors']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // Generated from the error catalogue's source: a stale bundle would miss a new code.
    expect(run.stdout).toContain('| `PreferStatusNotDocumented` |');
  });

  it('reads the spec from its JSON, not from the YAML', () => {
    // A copy of the package whose YAML is gone and whose JSON names one extra assumption.
    const copy = mkdtempSync(join(tmpdir(), 'gas-harness-dist-'));
    try {
      cpSync(projectFile('dist'), join(copy, 'dist'), { recursive: true, filter: (path) => !path.includes('/types') });
      cpSync(projectFile('package.json'), join(copy, 'package.json'));
      const spec = JSON.parse(readFileSync(projectFile(SPEC_JSON_FILE), 'utf8')) as { info: Record<string, unknown> };
      spec.info['x-assumed-title'] = 'Read from the built JSON.';
      writeFileSync(join(copy, SPEC_JSON_FILE), JSON.stringify(spec));
      const run = spawnSync(process.execPath, [join(copy, 'dist', 'cli.js'), 'spec', 'assumptions'], {
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('Read from the built JSON.');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
