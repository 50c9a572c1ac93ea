/**
 * `gas-harness record`: a session becomes a scenario suite, from a simulator's journal (a tenant's
 * requests, filtered like the console filters them) or from traffic through a recording proxy in
 * front of any target. Exit 0 when the suite is written, 2 for a usage error or nothing to record.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { createAdminClient } from '../client/index.ts';
import { parseTargetUrl } from '../target/index.ts';
import { exchangeOfJournalEntry, renderRecordedSuite } from '../recording/index.ts';
import { startRecordingProxy } from '../scenarios/index.ts';
import { loadContract } from '../contract/index.ts';
import { integer, port as parsePort } from './option-parsers.ts';
import { assertPortFree } from './port-in-use.ts';

interface RecordOptions {
  out: string;
  name?: string;
  journal?: string;
  tenant?: string;
  operation?: string;
  since?: string;
  status?: number;
  adminKey?: string;
  target?: string;
  port: number;
  host: string;
}

export function registerRecordCommand(program: Command): void {
  program
    .command('record')
    .description(
      "write a session as a scenario suite: a simulator's journal (--journal) or traffic through a recording proxy (--target)",
    )
    .requiredOption('--out <file>', 'the suite file to write (YAML)')
    .option('--name <name>', "the suite's name (default: Recorded session <time>)")
    .option('--journal <url>', "a simulator's base URL: record its journal of --tenant")
    .option('--tenant <tenant>', 'with --journal: the tenant whose requests are recorded (default: default)')
    .option('--operation <operationId>', 'with --journal: only requests of this operation')
    .option(
      '--since <seq|time>',
      'with --journal: only requests after this sequence number, or at or after this ISO time',
    )
    .option('--status <code>', 'with --journal: only requests answered with this status', integer)
    .option('--admin-key <key>', "with --journal: the simulator's admin key (default: GAS_SIM_ADMIN_KEY)")
    .option('--target <url>', 'record traffic: listen as a proxy in front of this target')
    .option('-p, --port <port>', 'with --target: port to listen on (0: a free one, printed)', parsePort, 4013)
    .option('--host <host>', 'with --target: interface to listen on', '127.0.0.1')
    .action(async (options: RecordOptions) => {
      if ((options.journal === undefined) === (options.target === undefined))
        throw new Error("give either --journal URL (a simulator's journal) or --target URL (a proxy)");
      process.exitCode = options.journal ? await recordJournal(options.journal, options) : await recordTraffic(options);
    });
}

async function recordJournal(url: string, options: RecordOptions): Promise<number> {
  const baseUrl = parseTargetUrl(url);
  const contract = await loadContract();
  if (options.operation !== undefined && !contract.operationsById.has(options.operation)) {
    process.stderr.write(
      `gas-harness: --operation ${options.operation} is no operation of the contract (${[...contract.operationsById.keys()].join(', ')})\n`,
    );
    return 2;
  }
  const admin = createAdminClient({
    baseUrl,
    ...(options.tenant ? { tenant: options.tenant } : {}),
    ...(options.adminKey ? { adminKey: options.adminKey } : {}),
  });
  const entries = await admin.listRequests({
    ...(options.since ? { since: options.since } : {}),
    ...(options.operation ? { operationId: options.operation } : {}),
    ...(options.status !== undefined ? { status: options.status } : {}),
  });
  const tenant = options.tenant ?? 'default';
  let text: string;
  try {
    text = renderRecordedSuite(entries.map(exchangeOfJournalEntry), contract, {
      source: `the journal of tenant ${tenant} at ${baseUrl}`,
      ...(options.name ? { name: options.name } : {}),
    });
  } catch (error) {
    process.stderr.write(`gas-harness: tenant ${tenant}'s journal: ${(error as Error).message} (with this filter)\n`);
    return 2;
  }
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(options.out, text);
  process.stderr.write(`gas-harness record: wrote ${options.out} from ${entries.length} journal entries\n`);
  return 0;
}

async function recordTraffic(options: RecordOptions): Promise<number> {
  const target = parseTargetUrl(options.target ?? '');
  const contract = await loadContract();
  await assertPortFree(options.host, options.port);
  mkdirSync(dirname(options.out), { recursive: true });
  const proxy = await startRecordingProxy({
    target,
    contract,
    out: options.out,
    host: options.host,
    port: options.port,
    ...(options.name ? { name: options.name } : {}),
    onExchange: (line) => process.stderr.write(`gas-harness record: ${line}\n`),
  });
  process.stdout.write(`${proxy.url}\n`);
  process.stderr.write(
    `gas-harness record: ${proxy.url} → ${target}, recording to ${options.out} (Ctrl-C stops it and writes the suite)\n`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await proxy.close();
  if (!proxy.written) {
    process.stderr.write(`gas-harness record: no request to the platform passed: ${options.out} not written\n`);
    return 2;
  }
  process.stderr.write(`gas-harness record: ${proxy.recorded} exchanges recorded in ${options.out}\n`);
  return 0;
}
