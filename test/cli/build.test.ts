import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, sourceStamp } from '../../bin/build.js';

const BIN = fileURLToPath(new URL('../../bin/gas-harness.js', import.meta.url));
const MANIFEST = fileURLToPath(new URL('../../dist/manifest.json', import.meta.url));

describe('the bundled command', () => {
  it('is built from the current sources, and runs them', async () => {
    const { main } = await ensureBuilt();
    expect(existsSync(main)).toBe(true);
    expect((JSON.parse(readFileSync(MANIFEST, 'utf8')) as { stamp: string }).stamp).toBe(sourceStamp());
    const run = spawnSync(process.execPath, [BIN, 'errors'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    // Generated from the error catalogue's source at run time: a stale bundle would miss a new code.
    expect(run.stdout).toContain('| `PreferStatusNotDocumented` |');
  });

  it('parses the spec itself when no parse is cached, as on a fresh install', async () => {
    await ensureBuilt();
    const cacheDir = mkdtempSync(join(tmpdir(), 'gas-harness-cache-'));
    try {
      const run = spawnSync(process.execPath, [BIN, 'spec', 'assumptions'], { encoding: 'utf8', env: { ...process.env, GAS_HARNESS_CACHE_DIR: cacheDir } });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('x-assumed');
      expect(readdirSync(cacheDir).some((f) => /^openapi-[0-9a-f]{20}\.json$/.test(f))).toBe(true);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('keeps the same build while the sources stay the same', async () => {
    const before = readFileSync(MANIFEST, 'utf8');
    await ensureBuilt();
    expect(readFileSync(MANIFEST, 'utf8')).toBe(before);
  });
});
