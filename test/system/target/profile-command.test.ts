import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROFILE_KEYS, profileGaps } from '../../../conform/index.ts';
import { loadContract } from '../../../contract/index.ts';
import { parseTargetProfile, ProfileError } from '../../../target/index.ts';
import { runCli } from '../../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gas-profile-'));
const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe('gas-harness profile', () => {
  it('init prints a commented template with every key, which check accepts as complete', async () => {
    const init = await runCli(['profile', 'init', '--target', 'https://staging.example.com/']);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toMatch(/^# gas-harness target profile/);
    expect(init.stdout).toContain('target: https://staging.example.com\n');
    const profile = parseTargetProfile(init.stdout);
    for (const key of PROFILE_KEYS.filter((k) => k !== 'timeoutSeconds' && k !== 'statesUrl')) {
      expect(
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], profile),
        key,
      ).toBeDefined();
    }
    for (const key of ['timeoutSeconds', 'statesUrl']) expect(init.stdout).toContain(`# ${key}:`);
    const template = write('template.yaml', init.stdout);
    // Its credentials read environment variables: unset, check names each instead of calling it complete.
    const names = [...init.stdout.matchAll(/\{ env: (\w+) \}/g)].map((m) => m[1] ?? '');
    expect(names).toContain('GAS_TOKEN');
    // An undefined value leaves the variable out of the command's environment.
    const check = await runCli(['profile', 'check', template], Object.fromEntries(names.map((n) => [n, undefined])));
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).not.toContain('every entry the checkers use is given');
    expect(check.stdout).toMatch(/cannot be read here: credentials\.token \(GAS_TOKEN\), /);
    const set = Object.fromEntries(names.map((name) => [name, 'a-value']));
    const complete = await runCli(['profile', 'check', template], set);
    expect(complete.code, complete.stderr).toBe(0);
    expect(complete.stdout).toContain('every entry the checkers use is given');
  }, 30_000);

  it('init refuses a target that is not a URL', async () => {
    const result = await runCli(['profile', 'init', '--target', 'not-a-url']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"not-a-url" is not a URL');
  }, 30_000);

  it('check names every problem with its line and column, and exits 1', async () => {
    const file = write(
      'bad.yaml',
      'target: https://x.example\ncredentials:\n  token: { file: secret.txt }\n  colour: blue\nfixtures: { productId: 3 }\n',
    );
    const result = await runCli(['profile', 'check', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${file}:4:3: credentials: unknown key "colour"`);
    expect(result.stderr).toContain(
      `${file}:3:10: credentials.token: must be one of { env: NAME }, { command: "..." } or { value: "..." }`,
    );
    expect(result.stderr).toContain(`${file}:5:24: fixtures.productId must be string`);
    const broken = write('broken.yaml', 'target: [\n');
    const syntax = await runCli(['profile', 'check', broken]);
    expect(syntax.code).toBe(1);
    expect(syntax.stderr).toMatch(new RegExp(`${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: `));
  }, 30_000);

  it('check says which rules each missing entry leaves unchecked', async () => {
    const file = write(
      'thin.yaml',
      'target: https://x.example\ncredentials:\n  token: { env: GAS_TOKEN_UNSET_HERE }\nfixtures:\n  productId: p-1\n',
    );
    const result = await runCli(['profile', 'check', file], { ...process.env, GAS_TOKEN_UNSET_HERE: '' });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^ {2}fixtures\.dealerId \(\d+ rules\):$/m);
    expect(result.stdout).toMatch(
      /^ {4}pact: \d+ interactions \(interaction "a request to delete a coverage area of a dealer"/m,
    );
    expect(result.stdout).toMatch(/^ {2}credentials\.expiredToken \(14 rules\):$/m);
    expect(result.stdout).not.toMatch(/^ {2}fixtures\.productId/m);
  }, 30_000);

  it('counts, for a missing fixture, the suites, interactions and sequences a deployment run skips for it', async () => {
    const gaps = profileGaps({ target: 'https://x.example' }, await loadContract());
    const product = gaps.find((g) => g.key === 'fixtures.productId');
    expect(product?.unchecked).toEqual([
      expect.stringMatching(
        /^scenarios: \d+ steps \(suite "Journey: a catalogue edit shows in product reads"; suite "getProduct/,
      ),
      expect.stringMatching(/^pact: 2 interactions/),
      'fuzz: 1 rule (sequence category-product)',
    ]);
  });

  it('rejects a profile that is not YAML of the right shape before anything runs', () => {
    expect(() => parseTargetProfile('credentials: {}\n', 'p.yaml')).toThrow(ProfileError);
    expect(() => parseTargetProfile('credentials: {}\n', 'p.yaml')).toThrow(
      "p.yaml:1:1: the profile must have required property 'target'",
    );
  });
});
