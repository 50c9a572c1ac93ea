/**
 * Credentials in a target or states URL are never printed: a URL is shown through `displayUrl`,
 * and `profile check` judges the URLs of a profile the way a run does (parseTargetUrl).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayUrl } from '../../../report/index.ts';
import { runCli } from '../../support/cli.ts';

const PASSWORD = 'pa55-W0rd-7f3c9e';
const TOKEN = 'st4tes-t0ken-91ab2c';

describe('displayUrl', () => {
  it.each([
    [`https://deploy:${PASSWORD}@staging.example.com/api`, 'https://deploy:<redacted>@staging.example.com/api'],
    [`https://${TOKEN}@staging.example.com`, 'https://<redacted>@staging.example.com/'],
    [
      `https://states.example/pact?access_token=${TOKEN}&tenant=t1`,
      'https://states.example/pact?access_token=<redacted>&tenant=t1',
    ],
    [`https://x.example/cb#id_token=${TOKEN}`, 'https://x.example/cb#id_token=<redacted>'],
    [
      `https://x.example/p?X-Amz-Signature=${TOKEN}&api_key=${TOKEN}`,
      'https://x.example/p?X-Amz-Signature=<redacted>&api_key=<redacted>',
    ],
    [`not a url //u:${PASSWORD}@host?token=${TOKEN}`, 'not a url //u:<redacted>@host?token=<redacted>'],
    ['https://staging.example.com/v1?page=2', 'https://staging.example.com/v1?page=2'],
  ])('shows %s as %s', (given, shown) => {
    expect(displayUrl(given)).toBe(shown);
  });
});

describe('a URL with credentials given to the CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gas-url-credentials-'));

  it.each([['conform'], ['fuzz'], ['scenarios', 'run'], ['contracts', 'verify']])(
    '%s --target user:PASS@host is refused without printing the password',
    async (...command) => {
      const result = await runCli(
        [...command, '--target', `http://deploy:${PASSWORD}@127.0.0.1:9/`],
        process.env,
        30_000,
      );
      expect(result.code).toBe(2);
      expect(`${result.stdout}${result.stderr}`).not.toContain(PASSWORD);
      expect(result.stderr).toContain('"http://deploy:<redacted>@127.0.0.1:9/" carries credentials');
    },
    40_000,
  );

  it('profile check refuses a statesUrl with an access token as conform does, quoting neither the token', async () => {
    const file = join(dir, 'states-token.yaml');
    writeFileSync(
      file,
      `target: http://127.0.0.1:9\ncredentials:\n  token: { value: a-token-for-the-run }\nstatesUrl: https://states.example/pact?access_token=${TOKEN}\n`,
    );
    const check = await runCli(['profile', 'check', file], process.env, 30_000);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(
      `${file}:4:12: statesUrl "https://states.example/pact?access_token=<redacted>" has a query or fragment`,
    );
    const conform = await runCli(['conform', '--profile', file], process.env, 30_000);
    expect(conform.code).toBe(2);
    expect(conform.stderr).toContain('access_token=<redacted>');
    for (const result of [check, conform]) expect(`${result.stdout}${result.stderr}`).not.toContain(TOKEN);
  }, 70_000);
});
