/** `gas-harness simulate`: runs the stateful simulator (the default `npm start`). */
import { randomBytes } from 'node:crypto';
import { Option, type Command } from 'commander';
import { DEV_API_KEY } from '../contract/index.ts';
import {
  BODY_TIMEOUT_MS,
  createSimulator,
  DEFAULT_TENANT_LIMITS,
  demoDataset,
  describeStoreUrl,
  HEADERS_TIMEOUT_MS,
  parseAllowedHosts,
  parseCorsOrigins,
  readDatasetFile,
  type SimulatorOptions,
} from '../simulator/index.ts';
import { portInUseMessage } from './port-in-use.ts';
import { port, positiveInteger } from './option-parsers.ts';
import { isWorker, leaveCluster, runWorkers, workerCount, workerNumber } from './simulator-workers.ts';

const MIB = 1024 * 1024;

/** How the start-up banner names the default dataset: where its ids are listed. */
const DEMO_DATASET = 'embedded demo dataset (see docs/simulator.md#the-demo-dataset)';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function registerSimulateCommand(program: Command): void {
  program
    .command('simulate')
    .description('run the stateful simulator of the platform')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0: any free port)', port, 4010)
    .option('--data <file>', 'start every tenant from this snapshot instead of the demo dataset')
    .option('--empty', 'start every tenant empty')
    .addOption(
      new Option(
        '--secret <secret>',
        'HS256 secret of the access tokens (with --admin-key: random when not given)',
      ).env('GAS_SIM_SECRET'),
    )
    .addOption(
      new Option('--api-key <key>', 'raw API key of the order counter (required with --admin-key)').env(
        'GAS_SIM_API_KEY',
      ),
    )
    .addOption(
      new Option(
        '--admin-key <key>',
        'require X-Sim-Admin-Key on the admin API (needed to listen on a non-loopback --host)',
      ).env('GAS_SIM_ADMIN_KEY'),
    )
    .option(
      '--headers-timeout <ms>',
      `milliseconds a client may take to send a request's headers (default: ${HEADERS_TIMEOUT_MS})`,
      positiveInteger,
    )
    .option(
      '--body-timeout <ms>',
      `milliseconds a client may take to send a whole request, headers and body, before a 408 (default: ${BODY_TIMEOUT_MS})`,
      positiveInteger,
    )
    .addOption(new Option('--log-level <level>', 'log level').choices(LEVELS).default('info'))
    .option(
      '--cors <origins...>',
      'origins browsers may call the operations from (* any, none off; default: any on loopback, none elsewhere)',
    )
    .option(
      '--allowed-hosts <hosts...>',
      'host names it answers besides loopback, for a proxy in front of it (.example.com: with subdomains; * any; default: loopback names only on loopback, any elsewhere)',
    )
    .option('--print-data', 'print the default dataset as a snapshot and exit')
    .option(
      '--max-tenants <n>',
      'tenants kept at once; past it the least recently used idle one is evicted',
      positiveInteger,
      DEFAULT_TENANT_LIMITS.maxTenants,
    )
    .option(
      '--tenant-quota-mb <n>',
      'MiB of records a tenant may hold beyond the dataset (507 past it)',
      positiveInteger,
      DEFAULT_TENANT_LIMITS.quotaBytes / MIB,
    )
    .option(
      '--journal-budget-mb <n>',
      'MiB the request journals of all tenants hold together',
      positiveInteger,
      DEFAULT_TENANT_LIMITS.journalBudgetBytes / MIB,
    )
    .addOption(
      new Option(
        '--store <url>',
        'redis://HOST:PORT[/DB]: keep the state in Redis, shared by every simulator using it',
      ).env('GAS_SIM_STORE'),
    )
    .option('--tenant-idle-seconds <n>', 'with --store: drop a tenant nobody used for this long', positiveInteger)
    .option(
      '--state-file <file>',
      'without --store: restore every tenant from this file at start, save it every 2 s and on shutdown',
    )
    .option('--workers <n>', 'with --store: run N simulator processes on one port (auto: one per core)', workerCount, 1)
    .action(
      async (opts: {
        host: string;
        port: number;
        data?: string;
        empty?: boolean;
        secret?: string;
        apiKey?: string;
        adminKey?: string;
        logLevel: string;
        printData?: boolean;
        headersTimeout?: number;
        bodyTimeout?: number;
        cors?: string[];
        allowedHosts?: string[];
        maxTenants: number;
        tenantQuotaMb: number;
        journalBudgetMb: number;
        store?: string;
        tenantIdleSeconds?: number;
        stateFile?: string;
        workers: number;
      }) => {
        if (opts.printData) {
          process.stdout.write(`${JSON.stringify(demoDataset(), null, 2)}\n`);
          return;
        }
        if (opts.data && opts.empty) throw new Error('give --data or --empty, not both');
        if (opts.workers > 1 && !opts.store)
          throw new Error('--workers needs --store redis://HOST:PORT: processes share their state through Redis');
        if (opts.workers > 1 && !isWorker()) {
          // Every worker must verify the tokens any other one mints: one random secret for all of them.
          if (opts.adminKey && !opts.secret) process.env.GAS_SIM_SECRET = randomBytes(32).toString('base64url');
          runWorkers(opts.workers);
          return;
        }
        const options: SimulatorOptions = {
          dataset: opts.data ? readDatasetFile(opts.data) : opts.empty ? 'empty' : 'default',
          logLevel: opts.logLevel as SimulatorOptions['logLevel'],
          ...(opts.headersTimeout ? { headersTimeoutMs: opts.headersTimeout } : {}),
          ...(opts.bodyTimeout ? { bodyTimeoutMs: opts.bodyTimeout } : {}),
          limits: {
            maxTenants: opts.maxTenants,
            quotaBytes: opts.tenantQuotaMb * MIB,
            journalBudgetBytes: opts.journalBudgetMb * MIB,
          },
          ...(opts.store ? { store: opts.store } : {}),
          ...(opts.tenantIdleSeconds ? { tenantIdleSeconds: opts.tenantIdleSeconds } : {}),
          ...(opts.stateFile ? { stateFile: opts.stateFile } : {}),
          ...(opts.secret ? { secret: opts.secret } : {}),
          ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
          ...(opts.adminKey ? { adminKey: opts.adminKey } : {}),
          ...(opts.cors ? { cors: parseCorsOrigins(opts.cors) } : {}),
          ...(opts.allowedHosts ? { allowedHosts: parseAllowedHosts(opts.allowedHosts) } : {}),
        };
        const simulator = await createSimulator(options).catch(leaveCluster);
        const url = await simulator.listen({ host: opts.host, port: opts.port }).catch(async (error: unknown) => {
          await simulator.close();
          return leaveCluster(
            new Error(
              portInUseMessage(error, opts.host, opts.port) ?? (error instanceof Error ? error.message : String(error)),
            ),
          );
        });
        const adminHeader = opts.adminKey ? " -H 'X-Sim-Admin-Key: <your admin key>'" : '';
        if (workerNumber() === 1)
          process.stderr.write(
            [
              `gas-harness simulator listening on ${url}`,
              `  dataset: ${opts.data ?? (opts.empty ? 'empty' : DEMO_DATASET)}`,
              ...(opts.workers > 1 ? [`  workers: ${opts.workers} processes on this port`] : []),
              `  state: ${opts.store ? `Redis ${describeStoreUrl(opts.store)}, shared` : `this process's memory${opts.stateFile ? `, saved to ${opts.stateFile}` : ''}`}`,
              `  order counter API key: ${opts.apiKey ? '(as given with --api-key)' : DEV_API_KEY}`,
              `  token secret: ${opts.secret ? '(as given with --secret)' : opts.adminKey ? 'random, made at start (mint tokens with POST /__sim/tokens)' : 'the published development value'}`,
              `  console: ${url}/__sim/ui/${opts.adminKey ? ' (asks for the admin key)' : ''}`,
              '  get a token:',
              `    curl -s -X POST ${url}/__sim/tokens${adminHeader} -H 'content-type: application/json' -d '{"scopes":["catalog:read","catalog:write"]}'`,
              '',
            ].join('\n'),
          );
        const stop = () =>
          void simulator.close().then(
            () => process.exit(0),
            (error: unknown) => {
              process.stderr.write(
                `gas-harness: stopping failed: ${error instanceof Error ? error.message : String(error)}\n`,
              );
              process.exit(1);
            },
          );
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      },
    );
}
