/**
 * Bundles the command into dist/ with esbuild whenever its sources or locked dependencies changed:
 * the bundle starts in well under half the time tsx takes (one file to load instead of hundreds, no
 * loader thread beside it). Plain JavaScript, so that it runs before anything is compiled.
 *
 * Builds are content-addressed: output names carry a hash and dist/manifest.json, written last and
 * atomically, names the current entry points, so processes building at once never see half a build.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const MANIFEST = join(DIST, 'manifest.json');
const SOURCE_DIRS = ['bench', 'cli', 'conform', 'contracts', 'prism', 'report', 'scenarios', 'simulator', 'spec', 'target'];
const ENTRY_POINTS = { main: 'cli/main.ts' };
/** Packages with native parts or files of their own to find; they load from node_modules. */
const EXTERNAL = ['@pact-foundation/*', '@stoplight/*', 'esbuild', 'tsx'];
/** Files of an older build are removed once they are this old, so a process still running one keeps it. */
const KEEP_OLD_BUILDS_MS = 24 * 3600 * 1000;

/**
 * The entry points of an up-to-date build, name → absolute path. A stale build is rebuilt first in a
 * process of its own, so that esbuild's memory is not left in the caller (a simulator, say).
 */
export async function ensureBuilt() {
  let manifest = readManifest();
  if (manifest?.stamp !== sourceStamp()) {
    const built = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('gas-harness: building dist/ failed (see above)');
    manifest = readManifest();
    if (!manifest) throw new Error('gas-harness: dist/manifest.json is missing after a build');
  }
  return entriesOf(manifest);
}

/** A hash of every TypeScript source the bundle is made of, and of the lockfile. */
export function sourceStamp() {
  const hash = createHash('sha256');
  const files = [join(ROOT, 'package-lock.json'), join(ROOT, 'bin', 'build.js')];
  for (const file of readdirSync(ROOT)) if (file.endsWith('.ts')) files.push(join(ROOT, file));
  for (const dir of SOURCE_DIRS) {
    for (const file of readdirSync(join(ROOT, dir), { recursive: true })) if (String(file).endsWith('.ts')) files.push(join(ROOT, dir, String(file)));
  }
  for (const file of files.sort()) hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 24);
}

function readManifest() {
  try {
    return JSON.parse(readFileSync(MANIFEST, 'utf8'));
  } catch {
    return undefined;
  }
}

function entriesOf(manifest) {
  return Object.fromEntries(Object.entries(manifest.entries).map(([name, file]) => [name, join(DIST, file)]));
}

async function build(stamp) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ENTRY_POINTS,
    outdir: DIST,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    external: EXTERNAL,
    // Bundled CommonJS packages call require(); ES modules have none of their own.
    banner: { js: "import { createRequire as __gasHarnessCreateRequire } from 'node:module'; const require = __gasHarnessCreateRequire(import.meta.url);" },
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'error',
  });
  mkdirSync(DIST, { recursive: true });
  for (const file of result.outputFiles) writeAtomically(file.path, file.contents);
  const entries = {};
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const name = Object.entries(ENTRY_POINTS).find(([, source]) => source === output.entryPoint)?.[0];
    if (name) entries[name] = relative(DIST, join(ROOT, file));
  }
  const manifest = { stamp, entries };
  writeAtomically(MANIFEST, JSON.stringify(manifest, null, 2));
  removeOldBuilds(new Set(result.outputFiles.map((f) => f.path)));
  return manifest;
}

function writeAtomically(path, contents) {
  const temporary = `${path}.${process.pid}.tmp`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

function removeOldBuilds(keep) {
  const now = Date.now();
  for (const file of readdirSync(DIST)) {
    const path = join(DIST, file);
    if (path === MANIFEST || keep.has(path)) continue;
    try {
      if (now - statSync(path).mtimeMs > KEEP_OLD_BUILDS_MS) rmSync(path, { force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

// `node bin/build.js` builds now.
if (process.argv[1] === fileURLToPath(import.meta.url)) await build(sourceStamp());
