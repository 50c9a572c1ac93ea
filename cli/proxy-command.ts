/** `gas-harness proxy --target URL`: Prism's validation proxy in front of a deployment, printing violations. */
import type { Command } from 'commander';
import { createViolationReporter, runUntilStopped, startPrism } from '../prism/index.ts';
import { port as parsePort } from './option-parsers.ts';
import { assertPortFree } from './port-in-use.ts';

export function registerProxyCommand(program: Command): void {
  program
    .command('proxy')
    .description(
      "run Prism's validation proxy in front of a deployment; every request and response that breaks the contract is printed as it happens",
    )
    .requiredOption('--target <url>', 'the deployment to forward to, e.g. https://api.example.com')
    .option('-p, --port <port>', 'port to listen on (0: a free one)', parsePort, 4012)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--verbose', "also print Prism's own log", false)
    .action(async (options: { target: string; port: number; host: string; verbose: boolean }) => {
      const target = new URL(options.target).toString().replace(/\/+$/, '');
      const reporter = createViolationReporter((line) => process.stdout.write(`${line}\n`));
      await assertPortFree(options.host, options.port);
      const prism = await startPrism({
        mode: 'proxy',
        upstream: target,
        port: options.port,
        host: options.host,
        onLine: (line, event) => {
          if (options.verbose) process.stderr.write(`${line}\n`);
          if (event) reporter.accept(event);
        },
      });
      process.stderr.write(
        `gas-harness proxy: ${prism.url} → ${target}, validating against the contract (Ctrl-C stops it)\n`,
      );
      const exit = await runUntilStopped(prism);
      const s = reporter.summary();
      process.stderr.write(
        `gas-harness proxy: ${s.requests} requests, ${s.violations} violations (${s.errors} errors, ${s.warnings} warnings)\n`,
      );
      if (exit)
        process.stderr.write(`gas-harness proxy: Prism ended by itself (code ${exit.code}, signal ${exit.signal})\n`);
      process.exitCode = exit || s.errors > 0 ? 1 : 0;
    });
}
