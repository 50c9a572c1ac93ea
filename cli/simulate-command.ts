/** `gas-harness simulate`: runs the stateful simulator (the default `npm start`). */
import { Option, type Command } from 'commander';
import { DEV_API_KEY } from '../spec/index.ts';
import { BODY_TIMEOUT_MS, createSimulator, demoDataset, HEADERS_TIMEOUT_MS, parseCorsOrigins, readDatasetFile, type SimulatorOptions } from '../simulator/index.ts';
import { portInUseMessage } from './port-in-use.ts';
import { port, positiveInteger } from './option-parsers.ts';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function registerSimulateCommand(program: Command): void {
  program
    .command('simulate')
    .description('run the stateful simulator of the platform')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0: any free port)', port, 4010)
    .option('--data <file>', 'start every tenant from this snapshot instead of the demo dataset')
    .option('--empty', 'start every tenant empty')
    .addOption(new Option('--secret <secret>', 'HS256 secret of the access tokens (with --admin-key: random when not given)').env('GAS_SIM_SECRET'))
    .addOption(new Option('--api-key <key>', 'raw API key of the order counter (required with --admin-key)').env('GAS_SIM_API_KEY'))
    .addOption(new Option('--admin-key <key>', 'require X-Sim-Admin-Key on the admin API (needed to listen on a non-loopback --host)').env('GAS_SIM_ADMIN_KEY'))
    .option('--headers-timeout <ms>', `milliseconds a client may take to send a request's headers (default: ${HEADERS_TIMEOUT_MS})`, positiveInteger)
    .option('--body-timeout <ms>', `milliseconds a client may take to send a whole request, headers and body, before a 408 (default: ${BODY_TIMEOUT_MS})`, positiveInteger)
    .addOption(new Option('--log-level <level>', 'log level').choices(LEVELS).default('info'))
    .option('--cors <origins...>', 'origins browsers may call the operations from (* any, none off; default: any on loopback, none elsewhere)')
    .option('--print-data', 'print the default dataset as a snapshot and exit')
    .action(async (opts: {
      host: string; port: number; data?: string; empty?: boolean; secret?: string; apiKey?: string; adminKey?: string; logLevel: string; printData?: boolean;
      headersTimeout?: number; bodyTimeout?: number; cors?: string[];
    }) => {
      if (opts.printData) {
        process.stdout.write(`${JSON.stringify(demoDataset(), null, 2)}\n`);
        return;
      }
      if (opts.data && opts.empty) throw new Error('give --data or --empty, not both');
      const options: SimulatorOptions = {
        dataset: opts.data ? readDatasetFile(opts.data) : opts.empty ? 'empty' : 'default',
        logLevel: opts.logLevel as SimulatorOptions['logLevel'],
        ...(opts.headersTimeout ? { headersTimeoutMs: opts.headersTimeout } : {}),
        ...(opts.bodyTimeout ? { bodyTimeoutMs: opts.bodyTimeout } : {}),
        ...(opts.secret ? { secret: opts.secret } : {}),
        ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
        ...(opts.adminKey ? { adminKey: opts.adminKey } : {}),
        ...(opts.cors ? { cors: parseCorsOrigins(opts.cors) } : {}),
      };
      const simulator = await createSimulator(options);
      const url = await simulator.listen({ host: opts.host, port: opts.port }).catch(async (error: unknown) => {
        await simulator.close();
        throw new Error(portInUseMessage(error, opts.host, opts.port) ?? (error instanceof Error ? error.message : String(error)));
      });
      const adminHeader = opts.adminKey ? " -H 'X-Sim-Admin-Key: <your admin key>'" : '';
      process.stderr.write([
        `gas-harness simulator listening on ${url}`,
        `  dataset: ${opts.data ?? (opts.empty ? 'empty' : 'embedded demo dataset (see README)')}`,
        `  order counter API key: ${opts.apiKey ? '(as given with --api-key)' : DEV_API_KEY}`,
        `  token secret: ${opts.secret ? '(as given with --secret)' : opts.adminKey ? 'random, made at start (mint tokens with POST /__sim/tokens)' : 'the published development value'}`,
        `  console: ${url}/__sim/ui/${opts.adminKey ? ' (asks for the admin key)' : ''}`,
        '  get a token:',
        `    curl -s -X POST ${url}/__sim/tokens${adminHeader} -H 'content-type: application/json' -d '{"scopes":["catalog:read","catalog:write"]}'`,
        '',
      ].join('\n'));
      const stop = () => void simulator.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
