/**
 * The harness's own files (the spec, the demo dataset, the suites, the pacts), found from the project
 * root: the same code runs from its sources and bundled into dist/, where `import.meta.url` differs.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`gas-harness: no package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/** The absolute path of a file of the project, given relative to its root. */
export const projectFile = (...segments: string[]): string => join(PROJECT_ROOT, ...segments);
