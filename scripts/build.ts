/**
 * Builds what the package runs and ships into dist/: run by `npm run build`, and by npm itself at
 * `prepare` (so `npm ci` on a clone builds) and when packing (`npm pack`, `npm publish`).
 *
 * - dist/cli.js, dist/index.js, dist/verify-worker.js: the command, the programmatic API and the Pact
 *   verifier's child process, bundled with esbuild (dependencies included, code shared in chunks/):
 *   one file to load instead of hundreds keeps the command's start-up short.
 * - dist/gas-platform.openapi.json, dist/admin-api.openapi.json: the two documents' YAML parsed once
 *   here, so that nothing parses them (or caches a parse under the package's folder) at run time.
 * - dist/types/: declarations of the programmatic API (tsc, tsconfig.build.json).
 * - dist/build-info.json: a hash of every source file the bundles were made of, which a test compares
 *   with the sources to tell a stale build (`npm test` builds first).
 *
 * `--no-types` leaves the declarations out (the bundles and the spec's JSON only).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { parse as parseYaml } from 'yaml';
import { ADMIN_SPEC_JSON_FILE, BUILD_INFO_FILE, DIST_DIR, SPEC_JSON_FILE } from '../project-files.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, DIST_DIR);
const SPEC_YAML = join(ROOT, 'contract', 'gas-platform.openapi.yaml');
const ADMIN_SPEC_YAML = join(ROOT, 'contract', 'admin-api.openapi.yaml');

/** Output name (without .js) → source. */
const ENTRY_POINTS = {
  cli: 'cli/main.ts',
  index: 'index.ts',
  'verify-worker': 'contracts/pact/verify-worker.ts',
};
/** Packages with native parts or files of their own to find: they load from node_modules. */
const EXTERNAL = ['@pact-foundation/*', '@stoplight/*'];
/** Bundled CommonJS packages call require(); ES modules have none of their own. */
const REQUIRE_SHIM =
  "import { createRequire as __gasHarnessCreateRequire } from 'node:module'; const require = __gasHarnessCreateRequire(import.meta.url);";

export interface BuildInfo {
  /** Source file (relative to the project root) → sha256 of its contents, for every project file bundled. */
  sources: Record<string, string>;
}

/** The sha256 of a file's contents, hex. */
export function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** A document's YAML parsed, as the JSON text the bundles read (the spec, the admin API's document). */
export function documentJson(yamlPath: string): string {
  return JSON.stringify(parseYaml(readFileSync(yamlPath, 'utf8')));
}

async function bundle(): Promise<BuildInfo> {
  const result = await esbuild({
    absWorkingDir: ROOT,
    entryPoints: ENTRY_POINTS,
    outdir: DIST,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'error',
  });
  const written = new Set<string>();
  for (const file of result.outputFiles) {
    const isCli = file.path === join(DIST, 'cli.js');
    // The command is run as `gas-harness` straight from dist/cli.js.
    writeIfChanged(
      file.path,
      isCli ? Buffer.concat([Buffer.from('#!/usr/bin/env node\n'), file.contents]) : file.contents,
    );
    if (isCli) chmodSync(file.path, 0o755);
    written.add(file.path);
  }
  removeStaleOutputs(written);
  const sources: Record<string, string> = {};
  for (const input of Object.keys(result.metafile.inputs).sort()) {
    if (!input.includes('node_modules/')) sources[input] = fileHash(join(ROOT, input));
  }
  return { sources };
}

/**
 * Writes through a temporary file and a rename, and only when the contents differ, so that a
 * process running the command while a build runs (`npm pack` in a test, say) never reads half a file.
 */
function writeIfChanged(path: string, contents: Uint8Array): void {
  try {
    if (Buffer.compare(readFileSync(path), contents) === 0) return;
  } catch {
    // Not there yet.
  }
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/** Removes the bundles and chunks of earlier builds that this one did not write. */
function removeStaleOutputs(written: Set<string>): void {
  for (const entry of readdirSync(DIST, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !/\.js(\.map)?$/.test(entry.name) || relative(DIST, path).startsWith('types')) continue;
    if (!written.has(path)) rmSync(path, { force: true });
  }
}

/** Emits the declarations of the programmatic API into dist/types/ (replacing the earlier ones). */
function emitDeclarations(): void {
  rmSync(join(DIST, 'types'), { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error('tsc could not emit the declarations (see above)');
}

async function main(): Promise<void> {
  const started = performance.now();
  mkdirSync(DIST, { recursive: true });
  writeIfChanged(join(ROOT, SPEC_JSON_FILE), Buffer.from(documentJson(SPEC_YAML)));
  writeIfChanged(join(ROOT, ADMIN_SPEC_JSON_FILE), Buffer.from(documentJson(ADMIN_SPEC_YAML)));
  const info = await bundle();
  writeIfChanged(join(ROOT, BUILD_INFO_FILE), Buffer.from(`${JSON.stringify(info, null, 2)}\n`));
  if (!process.argv.includes('--no-types')) emitDeclarations();
  if (!existsSync(join(DIST, 'cli.js'))) throw new Error('dist/cli.js was not written');
  console.log(
    `gas-harness: built ${relative(process.cwd(), DIST) || '.'} in ${Math.round(performance.now() - started)} ms`,
  );
}

// `tsx scripts/build.ts` builds; a test imports the helpers above without building.
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
