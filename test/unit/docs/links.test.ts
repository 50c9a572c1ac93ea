/**
 * The README and the pages under docs/ link to each other: every relative link reaches a file, every
 * `#anchor` a heading of its page (as GitHub slugs it), and the README links every page, so a page
 * moved, renamed or added without a way in fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const README = join(ROOT, 'README.md');
const PAGES = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => join(ROOT, 'docs', name));

/** The text outside fenced code blocks, where links and headings are markdown. */
function prose(markdown: string): string {
  let fenced = false;
  const lines = markdown.split('\n').filter((line) => {
    const fence = /^\s*(```|~~~)/.test(line);
    if (fence) fenced = !fenced;
    return !fence && !fenced;
  });
  return lines.join('\n');
}

/** GitHub's anchor for a heading: its text lower-cased, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a page's headings, repeated ones numbered as GitHub does (`-1`, `-2`). */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, text = ''] of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.*?)\s*#*\s*$/gm)) {
    const base = slug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The targets of a page's links and images (`[text](target)`), code spans and blocks left out. */
function linksOf(file: string): string[] {
  const text = prose(readFileSync(file, 'utf8')).replace(/`[^`\n]*`/g, 'code');
  return [...text.matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(<?([^)\s>]*)>?(?:\s+"[^"]*")?\)/g)].map((m) => m[1] ?? '');
}

/** The project's own TypeScript files, whose messages and comments may name a page. */
const SOURCE_DIRS = [
  'contract',
  'verdict',
  'report',
  'client',
  'recording',
  'target',
  'simulator',
  'contracts',
  'fuzz',
  'scenarios',
  'conform',
  'spec-diff',
  'prism',
  'cli',
  'scripts',
  'bench',
  'test',
];
function sourceFiles(): string[] {
  const nested = SOURCE_DIRS.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(ROOT, dir, name)),
  );
  return [join(ROOT, 'index.ts'), ...nested];
}

/** A link that leaves the repository (a scheme such as https: or mailto:). */
const external = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with one link of `file`, or undefined when it resolves. */
function problemWith(file: string, target: string): string | undefined {
  const [path = '', anchor] = target.split('#');
  const targetFile = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
  if (!existsSync(targetFile)) return `${target}: no file ${relative(ROOT, targetFile)}`;
  if (anchor === undefined || !targetFile.endsWith('.md')) return undefined;
  if (!anchorsOf(targetFile).has(decodeURIComponent(anchor)))
    return `${target}: no heading #${anchor} in ${relative(ROOT, targetFile)}`;
  return undefined;
}

describe('the documentation links', () => {
  it('slugs headings as GitHub does', () => {
    expect(slug('Browser apps: CORS and the web console')).toBe('browser-apps-cors-and-the-web-console');
    expect(slug('Credentials, secrets and time limits')).toBe('credentials-secrets-and-time-limits');
    expect(slug('The simulator (`gas-harness simulate`, `npm start`)')).toBe(
      'the-simulator-gas-harness-simulate-npm-start',
    );
    expect(slug('Prism 5.14.2 defects found (and what we do)')).toBe('prism-5142-defects-found-and-what-we-do');
  });

  for (const file of [README, ...PAGES]) {
    it(`in ${relative(ROOT, file)} reach a file and, with an #anchor, a heading of it`, () => {
      const links = linksOf(file).filter((target) => !external(target));
      if (file === README) expect(links.length, 'the README links its pages').toBeGreaterThanOrEqual(PAGES.length);
      expect(links.map((target) => problemWith(file, target)).filter(Boolean)).toEqual([]);
    });
  }

  it('lead from the README to every page under docs/', () => {
    const linked = new Set(
      linksOf(README)
        .filter((target) => !external(target))
        .map((target) => resolve(ROOT, target.split('#')[0] ?? '')),
    );
    expect(PAGES.filter((page) => !linked.has(page)).map((page) => relative(ROOT, page))).toEqual([]);
  });

  it('named in the sources (docs/<page>.md#<heading>) reach a page and its heading', () => {
    const named = sourceFiles().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w-]+\.md(?:#[\w-]+)?/g)].map((m) => ({ file, target: m[0] })),
    );
    expect(named.length).toBeGreaterThan(0);
    const problems = named.map(({ file, target }) => {
      const problem = problemWith(README, target);
      return problem && `${relative(ROOT, file)}: ${problem}`;
    });
    expect(problems.filter(Boolean)).toEqual([]);
  });
});
