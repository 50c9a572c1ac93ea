/**
 * `gas-harness profile init | check`: print a commented target profile template, and validate a
 * profile (line and column of every problem), saying which rules each missing entry leaves unchecked.
 * Exit 0 valid, 1 invalid, 2 usage error.
 */
import type { Command } from 'commander';
import { profileGaps } from '../conform/index.ts';
import { renderProfileTemplate } from '../target/index.ts';
import { loadContract } from '../contract/index.ts';
import { displayUrl, terminalText } from '../report/index.ts';
import {
  checkProfileOnline,
  loadTargetProfile,
  parseTargetUrl,
  ProfileError,
  type SecretSource,
  type TargetProfile,
} from '../target/index.ts';

export function registerProfileCommand(program: Command): void {
  const profile = program
    .command('profile')
    .description('target profiles: what the harness needs to know about a deployment');
  profile
    .command('init')
    .description('print a commented profile template')
    .option('--target <url>', "the deployment's base URL to put in it")
    .action((flags: { target?: string }) => {
      process.stdout.write(renderProfileTemplate(flags.target ? parseTargetUrl(flags.target) : undefined));
    });
  profile
    .command('check')
    .description('validate a profile and list what each missing entry leaves unchecked')
    .argument('<file>', 'the profile (YAML)')
    .option(
      '--online',
      'also try each credential, binding and fixture against the deployment (requests that change nothing); exit 1 when one is wrong',
    )
    .action(async (file: string, flags: { online?: boolean }) => {
      process.exitCode = await check(file, flags.online === true);
    });
}

async function check(file: string, online: boolean): Promise<number> {
  let profile: TargetProfile;
  try {
    profile = loadTargetProfile(file);
  } catch (error) {
    if (!(error instanceof ProfileError)) throw error;
    for (const line of error.message.split('\n')) process.stderr.write(`gas-harness: ${line}\n`);
    return 1;
  }
  const lines = [`${file}: a valid target profile for ${displayUrl(profile.target)}`];
  const unset = secretSources(profile).filter(([, source]) => 'env' in source && process.env[source.env] === undefined);
  for (const [key, source] of unset)
    if ('env' in source)
      lines.push(`  note: ${key} reads the environment variable ${source.env}, which is not set here`);
  const gaps = profileGaps(profile, await loadContract());
  if (gaps.length === 0 && unset.length > 0)
    lines.push(
      `every entry the checkers use is named, but ${unset.length} credential(s) cannot be read here: ${unset
        .map(([key, source]) => `${key} (${'env' in source ? source.env : ''})`)
        .join(', ')}`,
    );
  else if (gaps.length === 0) lines.push('every entry the checkers use is given');
  else {
    lines.push(`${gaps.length} entries missing; against a deployment the rules they unlock are skipped:`);
    for (const gap of gaps)
      lines.push(
        `  ${gap.key} (${gap.rules} rule${gap.rules === 1 ? '' : 's'}):`,
        ...gap.unchecked.map((u) => `    ${u}`),
      );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!online) return 0;
  const checks = await checkProfileOnline(profile);
  const wrong = checks.filter((c) => c.status === 'wrong');
  const shown = checks.map(
    (c) => `  ${c.status === 'ok' ? 'ok     ' : c.status === 'wrong' ? 'WRONG  ' : 'skipped'} ${c.key}: ${c.detail}`,
  );
  process.stdout.write(
    `${terminalText(
      [
        `against ${displayUrl(profile.target)}:`,
        ...shown,
        wrong.length
          ? `${wrong.length} entr${wrong.length === 1 ? 'y is' : 'ies are'} wrong: ${wrong.map((c) => c.key).join(', ')}`
          : 'no entry is wrong',
      ].join('\n'),
    )}\n`,
  );
  return wrong.length ? 1 : 0;
}

function secretSources(profile: TargetProfile): [string, SecretSource][] {
  const credentials = profile.credentials ?? {};
  const found: [string, SecretSource][] = [];
  for (const key of ['token', 'tokenWithoutPermission', 'expiredToken', 'apiKey'] as const) {
    const source = credentials[key];
    if (source) found.push([`credentials.${key}`, source]);
  }
  for (const [param, bound] of Object.entries(credentials.bound ?? {})) {
    if (bound) found.push([`credentials.bound.${param}.token`, bound.token]);
    if (bound?.otherToken) found.push([`credentials.bound.${param}.otherToken`, bound.otherToken]);
  }
  return found;
}
