/**
 * `gas-harness contracts verify | check | write`: provider verification of the pacts, their offline
 * agreement with the spec, and the consumer tests that write them.
 */
import type { Command } from 'commander';
import {
  checkPactsAgainstSpec,
  formatDisagreement,
  formatInteractionResult,
  PACTS_DIR,
  verifyPacts,
  writePacts,
  type VerifyPactsOptions,
} from '../contracts/pact/index.ts';
import {
  addTargetOptions,
  deadlineAt,
  describeTarget,
  exitIfStoppedAtDeadline,
  ownSimulatorFor,
  targetRunOptions,
  type TargetFlags,
} from './option-parsers.ts';
import { deadlineMessage } from '../client/index.ts';
import { createTerminal } from './terminal.ts';

interface VerifyFlags extends TargetFlags {
  pact?: string[];
  brokerUrl?: string;
  brokerToken?: string;
  providerVersion?: string;
  branch?: string;
  publish?: boolean;
}

export function registerContractsCommand(program: Command): void {
  const contracts = program
    .command('contracts')
    .description('Pact contracts of the partner app (gas-partner-app → gas-ordering-platform)');
  const verify = contracts
    .command('verify')
    .description("verify the committed pacts (or a broker's) against the simulator, started in-process, or any target");
  addTargetOptions(verify, { statesUrl: true })
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
      console.log(
        disagreements.length === 0
          ? 'every interaction agrees with the spec'
          : `${disagreements.length} disagreement(s) with the spec`,
      );
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
  const stopAt = deadlineAt(flags);
  // Without a target the CLI composes: a simulator in-process, reached over HTTP like any target.
  const simulator = await ownSimulatorFor(flags);
  try {
    const brokerToken = flags.brokerToken ?? process.env.PACT_BROKER_TOKEN;
    const options: VerifyPactsOptions = {
      ...targetRunOptions(flags, simulator?.url),
      ...(flags.pact ? { pactFiles: flags.pact } : {}),
      deadlineAt: stopAt,
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
    terminal.stage(`contracts verify: replaying the pacts against ${describeTarget(flags, simulator)}`);
    const report = await verifyPacts(options).finally(() => terminal.finish());
    // Through the terminal: the verifier's messages quote the target, whose control characters are shown, not obeyed.
    for (const notice of report.notices) terminal.line(`NOTE  ${notice}`);
    for (const result of report.results) terminal.line(formatInteractionResult(result));
    const failed = report.results.filter((r) => !r.passed).length;
    const skipped = report.results.filter((r) => r.skipped).length;
    const verified = report.results.length - skipped;
    const where = simulator ? 'the in-process simulator' : report.target;
    terminal.line(
      `${verified} interactions verified against ${where}${report.tenant ? ` (tenant ${report.tenant})` : ''}: ${verified - failed} passed, ${failed} failed, ${skipped} skipped`,
    );
    terminal.line(
      `coverage: ${verified} of ${report.results.length} interactions verified${verified === 0 ? ': nothing was checked' : ''}`,
    );
    if (report.stoppedAtDeadline) terminal.line(`FAIL: ${deadlineMessage(report.stoppedAtDeadline)}`);
    return exitIfStoppedAtDeadline(report.passed ? 0 : 1, report.stoppedAtDeadline !== undefined);
  } finally {
    await simulator?.close();
  }
}
