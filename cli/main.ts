/**
 * The `gas-harness` command. Each subcommand lives in its own file and only wires options to the
 * package's programmatic API. Usage errors exit 2, failed checks exit 1.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { projectFile } from '../project-files.ts';

// A reader that stops early (`| head`) closes the pipe: the command stops in silence, with the exit
// code of a process a closed pipe ends (128 + SIGPIPE), as the Unix tools do, never a stack trace.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(CLOSED_PIPE_EXIT);
  });
const CLOSED_PIPE_EXIT = 141;

/** Each subcommand's module, loaded only when that subcommand runs (or for help), so start-up stays fast. */
const COMMANDS: Record<string, () => Promise<(program: Command) => void>> = {
  spec: async () => (await import('./spec-command.ts')).registerSpecCommand,
  simulate: async () => (await import('./simulate-command.ts')).registerSimulateCommand,
  errors: async () => (await import('./errors-command.ts')).registerErrorsCommand,
  mock: async () => (await import('./mock-command.ts')).registerMockCommand,
  proxy: async () => (await import('./proxy-command.ts')).registerProxyCommand,
  contracts: async () => (await import('./contracts-command.ts')).registerContractsCommand,
  scenarios: async () => (await import('./scenarios-command.ts')).registerScenariosCommand,
  fuzz: async () => (await import('./fuzz-command.ts')).registerFuzzCommand,
  conform: async () => (await import('./conform-command.ts')).registerConformCommand,
  profile: async () => (await import('./profile-command.ts')).registerProfileCommand,
  record: async () => (await import('./record-command.ts')).registerRecordCommand,
};

const VERSION = (JSON.parse(readFileSync(projectFile('package.json'), 'utf8')) as { version: string }).version;

const program = new Command('gas-harness')
  .description('Contract-testing and simulation harness for the Gas Ordering Platform API')
  .version(VERSION, '-V, --version', 'print the version')
  .showHelpAfterError()
  .exitOverride();

const name = process.argv[2];
for (const key of name !== undefined && Object.hasOwn(COMMANDS, name) ? [name] : Object.keys(COMMANDS))
  (await COMMANDS[key]?.())?.(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Asked-for help and the version are not errors; help shown because a command group was given
    // without its subcommand is (commander's exit code 1), like everything else commander rejects.
    const asked =
      error.code === 'commander.helpDisplayed' ||
      error.code === 'commander.version' ||
      (error.code === 'commander.help' && error.exitCode === 0);
    process.exitCode = asked ? 0 : 2;
  } else {
    console.error(`gas-harness: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}
