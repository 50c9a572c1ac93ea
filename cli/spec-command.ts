/** `gas-harness spec assumptions | lint`: the contract's table of assumptions, and an independent linter. */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { loadContract, renderAssumptions, SPEC_PATH } from '../spec/index.ts';

export function registerSpecCommand(program: Command): void {
  const spec = program.command('spec').description('the OpenAPI contract');
  spec
    .command('assumptions')
    .description('print every choice the spec makes where the platform description is silent')
    .action(async () => {
      const contract = await loadContract();
      process.stdout.write(renderAssumptions(contract.assumptions));
    });
  spec
    .command('lint')
    .description('lint the OpenAPI document with Spectral (spectral:oas ruleset)')
    .action(() => {
      process.exitCode = lintSpec();
    });
}

/** Runs Spectral's CLI on the spec; returns its exit code (0 when there is no error). */
export function lintSpec(): number {
  const require = createRequire(import.meta.url);
  const spectral = join(dirname(require.resolve('@stoplight/spectral-cli/package.json')), 'dist', 'index.js');
  const ruleset = join(dirname(SPEC_PATH), '..', '.spectral.yaml');
  const result = spawnSync(process.execPath, [spectral, 'lint', SPEC_PATH, '--ruleset', ruleset, '--fail-severity', 'error'], { stdio: 'inherit' });
  return result.status ?? 1;
}
