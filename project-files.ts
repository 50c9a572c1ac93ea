/**
 * The harness's own files (the spec, the demo dataset, the suites, the pacts, the build's outputs),
 * found from the project root: the same code runs from its sources and bundled into dist/, where
 * `import.meta.url` differs.
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

/** True when this code runs bundled (dist/*.js), false when it runs from its TypeScript sources (tsx, vitest). */
export const RUNS_FROM_BUNDLE = !import.meta.url.endsWith('.ts');

/** Where `npm run build` writes (relative to the project root). */
export const DIST_DIR = 'dist';
/** The spec's YAML parsed at build time, which the bundles read instead of parsing the YAML. */
export const SPEC_JSON_FILE = `${DIST_DIR}/gas-platform.openapi.json`;
/** The admin API's document (contract/admin-api.openapi.yaml) parsed at build time, which the simulator's admin validators read. */
export const ADMIN_SPEC_JSON_FILE = `${DIST_DIR}/admin-api.openapi.json`;
/** What the build was made from (see scripts/build.ts). */
export const BUILD_INFO_FILE = `${DIST_DIR}/build-info.json`;
