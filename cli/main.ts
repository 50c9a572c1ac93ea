/**
 * The `gas-harness` command. Each subcommand lives in its own file and only wires options to the
 * package's programmatic API. Usage errors exit 2, failed checks exit 1.
 */
import { Command, CommanderError } from 'commander';
import { registerSpecCommand } from './spec-command.ts';
import { registerSimulateCommand } from './simulate-command.ts';
import { registerErrorsCommand } from './errors-command.ts';
import { registerMockCommand } from './mock-command.ts';
import { registerProxyCommand } from './proxy-command.ts';
import { registerContractsCommand } from './contracts-command.ts';
import { registerScenariosCommand } from './scenarios-command.ts';
import { registerFuzzCommand } from './fuzz-command.ts';

const program = new Command('gas-harness')
  .description('Contract-testing and simulation harness for the Gas Ordering Platform API')
  .showHelpAfterError()
  .exitOverride();

for (const register of [registerSpecCommand, registerSimulateCommand, registerErrorsCommand, registerMockCommand, registerProxyCommand, registerContractsCommand, registerScenariosCommand, registerFuzzCommand]) register(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version are not errors; everything else commander rejects is a usage error.
    process.exitCode = error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help' ? 0 : 2;
  } else {
    console.error(`gas-harness: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}
