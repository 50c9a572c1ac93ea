/**
 * An independent linter of the OpenAPI documents, the platform's and the simulator's admin API:
 * Spectral's CLI with the project's ruleset (.spectral.yaml).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { projectFile } from '../project-files.ts';
import { ADMIN_SPEC_PATH } from './admin-document.ts';
import { SPEC_PATH } from './load-contract.ts';

/** Runs Spectral's CLI on both documents, its report on the console; returns its exit code (0 when there is no error). */
export function lintSpec(): number {
  const require = createRequire(import.meta.url);
  const spectral = join(dirname(require.resolve('@stoplight/spectral-cli/package.json')), 'dist', 'index.js');
  const ruleset = projectFile('.spectral.yaml');
  const result = spawnSync(
    process.execPath,
    [spectral, 'lint', SPEC_PATH, ADMIN_SPEC_PATH, '--ruleset', ruleset, '--fail-severity', 'error'],
    { stdio: 'inherit' },
  );
  return result.status ?? 1;
}
