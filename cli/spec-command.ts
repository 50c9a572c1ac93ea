/** `gas-harness spec assumptions | lint`: the contract's table of assumptions, and an independent linter. */
import type { Command } from 'commander';
import { lintSpec, loadContract, renderAssumptions } from '../spec/index.ts';

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
    .description("lint the OpenAPI documents (the platform's and the admin API's) with Spectral (spectral:oas ruleset)")
    .action(() => {
      process.exitCode = lintSpec();
    });
}
