/** `gas-harness errors`: prints the simulator's error catalogue (docs/errors.md). */
import type { Command } from 'commander';
import { renderErrorCatalogue } from '../simulator/index.ts';

export function registerErrorsCommand(program: Command): void {
  program
    .command('errors')
    .description("print the simulator's error catalogue")
    .action(() => {
      process.stdout.write(renderErrorCatalogue());
    });
}
