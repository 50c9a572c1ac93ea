/**
 * The one way the harness writes a file: reports, suites, replay files, JUnit, state files, pact
 * copies. Output often goes to a shared directory (a /tmp, a CI workspace), where someone else can
 * plant a link at a name the harness is known to write. The text goes to a temporary file beside the
 * destination with an unpredictable name, created exclusively without following a link (a planted
 * name makes the write fail, never redirects it), flushed, then renamed over the destination: the
 * rename replaces a link planted at the destination instead of writing through it, and a reader
 * never sees half a file. test/report/safe-file-writer.test.ts checks that no other module writes.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Exclusive creation (a name that exists, a symbolic link included, fails) and never through a link. */
export const CREATE_EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
const DEFAULT_MODE = 0o644;

/** `FILE.<32 hex digits>.tmp`: a temporary name beside `path` no one can guess. */
export function temporaryNameFor(path: string): string {
  return `${path}.${randomBytes(16).toString('hex')}.tmp`;
}

/** Writes `contents` to `path` (its directory created) through an exclusive temporary and a rename. */
export function writeFileSafely(path: string, contents: string | Uint8Array, mode = DEFAULT_MODE): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = temporaryNameFor(path);
  const fd = openSync(temporary, CREATE_EXCLUSIVE, mode);
  try {
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temporary, path);
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    try {
      unlinkSync(temporary);
    } catch {
      // already renamed or gone
    }
    throw error;
  }
}

/**
 * The same without blocking the event loop, for a server (the recording proxy, the state file):
 * `fill` writes to the exclusive temporary, which is then flushed and renamed over `path`.
 */
export async function writeFileSafelyAsync(
  path: string,
  fill: string | Uint8Array | ((handle: FileHandle) => Promise<void>),
  mode = DEFAULT_MODE,
): Promise<void> {
  const temporary = temporaryNameFor(path);
  const handle = await open(temporary, CREATE_EXCLUSIVE, mode);
  try {
    if (typeof fill === 'function') await fill(handle);
    else await handle.writeFile(fill);
    await handle.sync();
    await handle.close();
    await rename(temporary, path);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
