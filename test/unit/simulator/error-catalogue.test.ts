/** One catalogue of error codes: documented in docs/errors.md, each code used, none dead. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, renderErrorCatalogue } from '../../../simulator/index.ts';

const simulatorDir = new URL('../../../simulator/', import.meta.url).pathname;
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && e.name !== 'error-catalogue.ts'
        ? [readFileSync(join(dir, e.name), 'utf8')]
        : [],
  );

describe('the error catalogue', () => {
  it('is what docs/errors.md lists', () => {
    expect(
      readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8'),
      'run `npx gas-harness errors > docs/errors.md`',
    ).toBe(renderErrorCatalogue());
  });

  it('has no code that the simulator never raises', () => {
    const code = sources(simulatorDir).join('\n');
    for (const name of Object.keys(ERROR_CATALOGUE)) expect(code.includes(`'${name}'`), name).toBe(true);
  });

  it('gives every code a status, a target and a sentence', () => {
    for (const [name, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(entry.status === 0 || (entry.status >= 400 && entry.status < 600), name).toBe(true);
      expect(entry.target.length, name).toBeGreaterThan(0);
      expect(entry.message, name).toMatch(/^[A-Z].*\.$/);
    }
  });
});
