/**
 * Small rules with one home each: a media type's parsing and the JSON-suffix pattern live in
 * contract/media-type.ts, JSON-pointer escaping in contract/json-pointer.ts, and every Ajv instance
 * is made in contract/ajv.ts. A second definition anywhere else in the sources fails here, naming it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectFile } from '../../../project-files.ts';

const SKIPPED = new Set(['node_modules', 'dist', 'test', '.git', 'generated']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sources(path);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const ROOT = projectFile();
const FILES = sources(ROOT).map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, 'utf8') }));

/** Each rule: where it lives, and what a definition of it looks like in code. */
const HOMES = [
  {
    rule: 'a media type parsed from a Content-Type, or the JSON-suffix pattern',
    home: join('contract', 'media-type.ts'),
    definition: /\.split\(\s*';'\s*\)|\]\+\\\+json/,
  },
  {
    rule: 'JSON-pointer escaping',
    home: join('contract', 'json-pointer.ts'),
    definition: /'~[01]'|\/~[01]\/g/,
  },
  { rule: 'an Ajv instance', home: join('contract', 'ajv.ts'), definition: /new\s+Ajv/ },
];

describe('small rules with one home', () => {
  for (const { rule, home, definition } of HOMES) {
    it(`defines ${rule} only in ${home}`, () => {
      const defining = FILES.filter(({ text }) => definition.test(text)).map(({ file }) => file);
      // The home itself must match, so that the pattern is known to find a definition.
      expect(defining).toContain(home);
      expect(defining.filter((file) => file !== home)).toEqual([]);
    });
  }
});
