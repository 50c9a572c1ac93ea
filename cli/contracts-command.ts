/**
 * `gas-harness contracts verify | check | write`: provider verification of the pacts, their offline
 * agreement with the spec, and the consumer tests that write them.
 */
import { Option, type Command } from 'commander';
import { checkPactsAgainstSpec, formatDisagreement, formatInteractionResult, PACTS_DIR, verifyPacts, writePacts, type VerifyPactsOptions } from '../contracts/pact/index.ts';
import { createTerminal } from './terminal.ts';

interface VerifyFlags {
  target?: string;
  token?: string;
  tokenCommand?: string;
  apiKey?: string;
  statesUrl?: string;
  pact?: string[];
  brokerUrl?: string;
  brokerToken?: string;
  providerVersion?: string;
  branch?: string;
  publish?: boolean;
}

export function registerContractsCommand(program: Command): void {
  const contracts = program.command('contracts').description('Pact contracts of the partner app (gas-partner-app → gas-ordering-platform)');
  contracts
    .command('verify')
    .description('verify the committed pacts (or a broker\'s) against the simulator, started in-process, or any --target')
    .option('--target <url>', 'base URL of the provider; without it a simulator is started on 127.0.0.1')
    .addOption(new Option('--token <token>', 'bearer token to send (default on a simulator: one minted with every scope)').conflicts('tokenCommand'))
    .option('--token-command <cmd>', 'shell command that prints the bearer token')
    .option('--api-key <key>', 'API key of the order counter (default: GAS_API_KEY, else the development key)')
    .option('--states-url <url>', 'where provider state changes go (default on a simulator: /__sim/provider-states)')
    .option('--pact <path...>', `pact files or directories (default: ${PACTS_DIR})`)
    .option('--broker-url <url>', 'fetch the pacts from this Pact Broker instead')
    .option('--broker-token <token>', 'Pact Broker token (default: PACT_BROKER_TOKEN)')
    .option('--provider-version <version>', 'provider version the results are published for')
    .option('--branch <branch>', 'provider branch the results are published for')
    .option('--publish', 'publish the verification results to the broker')
    .action(async (flags: VerifyFlags) => {
      if (flags.publish && (!flags.brokerUrl || !flags.providerVersion)) {
        console.error('gas-harness: --publish needs --broker-url and --provider-version');
        process.exitCode = 2;
        return;
      }
      process.exitCode = await runVerify(flags);
    });
  contracts
    .command('check')
    .description('check every interaction of the committed pacts against the OpenAPI document (offline)')
    .action(async () => {
      const disagreements = await checkPactsAgainstSpec();
      for (const d of disagreements) console.log(formatDisagreement(d));
      console.log(disagreements.length === 0 ? 'every interaction agrees with the spec' : `${disagreements.length} disagreement(s) with the spec`);
      process.exitCode = disagreements.length === 0 ? 0 : 1;
    });
  contracts
    .command('write')
    .description('run the consumer tests and write the pact file')
    .option('--out <dir>', 'directory to write the pact into', PACTS_DIR)
    .action(async (flags: { out: string }) => {
      console.log(`wrote ${await writePacts(flags.out)}`);
    });
}

async function runVerify(flags: VerifyFlags): Promise<number> {
  // Without a target the CLI composes: a simulator in-process, reached over HTTP like any target.
  const simulator = flags.target ? undefined : await (await import('../simulator/index.ts')).startSimulator({ port: 0 });
  try {
    const brokerToken = flags.brokerToken ?? process.env.PACT_BROKER_TOKEN;
    const options: VerifyPactsOptions = {
      target: flags.target ?? simulator?.url ?? '',
      ...(flags.token ? { token: flags.token } : {}),
      ...(flags.tokenCommand ? { tokenCommand: flags.tokenCommand } : {}),
      ...(flags.apiKey ? { apiKey: flags.apiKey } : {}),
      ...(flags.statesUrl ? { statesUrl: flags.statesUrl } : {}),
      ...(flags.pact ? { pactFiles: flags.pact } : {}),
      ...(flags.brokerUrl
        ? {
            broker: {
              url: flags.brokerUrl,
              ...(brokerToken ? { token: brokerToken } : {}),
              ...(flags.providerVersion ? { providerVersion: flags.providerVersion } : {}),
              ...(flags.branch ? { branch: flags.branch } : {}),
              publish: flags.publish === true,
            },
          }
        : {}),
    };
    const terminal = createTerminal();
    terminal.stage(`contracts verify: replaying the pacts against ${flags.target ?? 'the in-process simulator'}`);
    const report = await verifyPacts(options).finally(() => terminal.finish());
    for (const notice of report.notices) console.log(`NOTE  ${notice}`);
    for (const result of report.results) console.log(terminal.paint(formatInteractionResult(result)));
    const failed = report.results.filter((r) => !r.passed).length;
    const where = simulator ? 'the in-process simulator' : options.target;
    console.log(`${report.results.length} interactions verified against ${where}${report.tenant ? ` (tenant ${report.tenant})` : ''}: ${report.results.length - failed} passed, ${failed} failed`);
    return report.passed ? 0 : 1;
  } finally {
    await simulator?.close();
  }
}
