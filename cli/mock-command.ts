/** `gas-harness mock`: Prism's stateless mock of the contract (answers from the examples, or generated). */
import type { Command } from 'commander';
import { port as parsePort } from './option-parsers.ts';
import { assertPortFree } from './port-in-use.ts';
import { runUntilStopped, startPrism } from '../prism/index.ts';
import { SPEC_PATH } from '../contract/index.ts';

export function registerMockCommand(program: Command): void {
  program
    .command('mock')
    .description("run Prism's stateless mock on the contract: every operation answers from the spec, no state is kept")
    .option('-p, --port <port>', 'port to listen on (0: a free one)', parsePort, 4011)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--dynamic', 'generate bodies from the schemas instead of answering the examples', false)
    .option('--seed <seed>', 'seed of --dynamic generation, for reproducible bodies')
    .action(async (options: { port: number; host: string; dynamic: boolean; seed?: string }) => {
      await assertPortFree(options.host, options.port);
      const prism = await startPrism({
        mode: 'mock',
        port: options.port,
        host: options.host,
        dynamic: options.dynamic,
        ...(options.seed !== undefined ? { seed: options.seed } : {}),
        onLine: (line) => process.stdout.write(`${line}\n`),
      });
      process.stderr.write(
        `gas-harness mock: Prism's ${options.dynamic ? 'dynamic' : 'static'} mock of ${SPEC_PATH} on ${prism.url} (Ctrl-C stops it)\n`,
      );
      const exit = await runUntilStopped(prism);
      if (exit) {
        process.stderr.write(`gas-harness mock: Prism ended by itself (code ${exit.code}, signal ${exit.signal})\n`);
        process.exitCode = 1;
      }
    });
}
