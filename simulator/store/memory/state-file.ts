/**
 * `--state-file FILE` for the memory store: every tenant's records restored from the file at start,
 * and saved to it every few seconds when something changed and on shutdown. A save streams the
 * tenants a page at a time to a temporary file beside it, flushes it to disk and renames it over
 * the old one, so the file is always a whole state: a `kill -9` loses at most the writes of the
 * last SAVE_INTERVAL_MS (and of a save under way).
 *
 * The directory may be shared with other users (a /tmp): the temporary file has an unpredictable
 * name and is created exclusively without following a symbolic link, readable by its owner only (it
 * holds the records as stored, credentials included). The temporaries a `kill -9` left are removed at start,
 * and a FILE that is a link or another user's is refused. Docs: docs/shared-simulator.md#the-state-file.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { snapshotProblems } from '../snapshot-schema.ts';
import { isTenantName, TENANT_NAME_PATTERN } from '../../tenant-name.ts';
import type { Snapshot } from '../collections.ts';
import type { MemoryTenants } from './memory-tenants.ts';

export const SAVE_INTERVAL_MS = 2_000;
const PAGE_RECORDS = 1_000;
/** Bytes gathered before one write(2): a save is many small pieces of text. */
const WRITE_BYTES = 256 * 1024;
/** Exclusive creation (a name that exists, a symbolic link included, fails) and never through a link. */
const CREATE_EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
const OWNER_ONLY = 0o600;

/** `FILE.<32 hex digits>.tmp`, and `FILE.<pid>.tmp` of the versions before: the temporaries of this state file. */
function temporaryPattern(path: string): RegExp {
  const name = basename(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${name}\\.(?:[0-9a-f]{32}|\\d+)\\.tmp$`);
}

/**
 * Removes the temporaries a save killed mid-way left beside the state file: regular files of this
 * user whose names are this file's temporary pattern only; a symbolic link or another user's file
 * is left alone. Answers the names removed.
 */
export function removeLeftoverTemporaries(path: string): string[] {
  const directory = dirname(path);
  const pattern = temporaryPattern(path);
  const removed: string[] = [];
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return removed;
  }
  for (const entry of entries) {
    if (!pattern.test(entry.name) || !entry.isFile()) continue;
    const where = join(directory, entry.name);
    try {
      // lstat: the name itself, never what a link would point to (the entry may have changed since readdir).
      const stats = lstatSync(where);
      if (!stats.isFile() || (process.getuid && stats.uid !== process.getuid())) continue;
      unlinkSync(where);
      removed.push(entry.name);
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
  return removed;
}

interface StateFile {
  version: 1;
  tenants: Record<string, Snapshot>;
}

/**
 * The state file's text, undefined when there is none. A symbolic link or a file of another user is
 * refused: a save replaces the name (it would never write where the link points, and cannot replace
 * another user's file in a sticky directory), and what another user wrote is not ours to restore.
 * Opened without following a link and checked on the open file, so the name cannot change between.
 */
function readOwnStateFile(path: string): string | undefined {
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO planted at the name must not hold the start for ever.
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP')
      throw new Error(`the state file ${path} is a symbolic link: give the path of the file itself`);
    throw new Error(`cannot read the state file ${path}: ${code ?? String(error)}`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new Error(`the state file ${path} is not a regular file`);
    const uid = process.getuid?.();
    if (uid !== undefined && stats.uid !== uid)
      throw new Error(
        `the state file ${path} belongs to another user (uid ${stats.uid}), not to this one (uid ${uid})`,
      );
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Restores every tenant of the file; a missing file is a first start, a bad one an error naming it.
 * A file with more tenants than `maxTenants` is refused: restoring it would evict the surplus, and
 * the next save would lose them for good.
 */
export function restoreStateFile(tenants: MemoryTenants, path: string, maxTenants: number): number {
  removeLeftoverTemporaries(path);
  const text = readOwnStateFile(path);
  if (text === undefined) return 0;
  let state: StateFile;
  try {
    state = JSON.parse(text) as StateFile;
  } catch (error) {
    throw new Error(`the state file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (state?.version !== 1 || typeof state.tenants !== 'object' || state.tenants === null)
    throw new Error(`the state file ${path} is not a gas-harness state file (version 1 with tenants)`);
  const count = Object.keys(state.tenants).length;
  if (count > maxTenants)
    throw new Error(
      `the state file ${path} holds ${count} tenants and --max-tenants is ${maxTenants}: ` +
        `${count - maxTenants} of them would be evicted and lost at the next save; start with --max-tenants ${count} or more`,
    );
  // The one tenant-name rule (tenant-name.ts): a name no request could use is refused, not served.
  const badName = Object.keys(state.tenants).find((name) => !isTenantName(name));
  if (badName !== undefined)
    throw new Error(
      `the state file ${path} holds a tenant named ${JSON.stringify(badName.slice(0, 120))}, which is not a tenant name (${TENANT_NAME_PATTERN})`,
    );
  for (const [name, snapshot] of Object.entries(state.tenants)) {
    const problems = snapshotProblems(snapshot);
    if (problems.length > 0)
      throw new Error(`the state file ${path} holds a bad snapshot for tenant ${name}: ${problems.join('; ')}`);
    tenants.restoreTenant(name, snapshot);
  }
  return count;
}

/** Flushes a rename to disk; where a directory cannot be opened (not Linux), the rename stands unflushed. */
async function syncDirectory(directory: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(directory, constants.O_RDONLY);
    await handle.sync();
  } catch {
    // Best effort: the file's own data were flushed before the rename.
  } finally {
    await handle?.close();
  }
}

export class StateFileSaver {
  private readonly timer: NodeJS.Timeout;
  private saved = '';
  private saving: Promise<void> | undefined;

  constructor(
    private readonly tenants: MemoryTenants,
    private readonly path: string,
    onError: (error: unknown) => void,
  ) {
    this.saved = this.signature();
    this.timer = setInterval(() => void this.save().catch(onError), SAVE_INTERVAL_MS);
    this.timer.unref();
  }

  /** Saves unless nothing changed since the last save; one save at a time. */
  async save(): Promise<void> {
    while (this.saving) await this.saving;
    const signature = this.signature();
    if (signature === this.saved) return;
    this.saving = this.write().then(() => {
      this.saved = signature;
    });
    try {
      await this.saving;
    } finally {
      this.saving = undefined;
    }
  }

  /** Stops saving every few seconds and saves a last time. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.save();
  }

  private signature(): string {
    return [...this.tenants.stores()].map(([name, store]) => `${name}:${store.changes}`).join(',');
  }

  private async write(): Promise<void> {
    const temporary = `${this.path}.${randomBytes(16).toString('hex')}.tmp`;
    const handle = await open(temporary, CREATE_EXCLUSIVE, OWNER_ONLY);
    try {
      await this.writeTenants(handle);
      await handle.sync();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    await handle.close();
    try {
      await rename(temporary, this.path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    await syncDirectory(dirname(this.path));
  }

  private async writeTenants(handle: FileHandle): Promise<void> {
    let pending: string[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pending.length === 0) return;
      const bytes = Buffer.from(pending.join(''));
      pending = [];
      pendingBytes = 0;
      for (let offset = 0; offset < bytes.length;)
        offset += (await handle.write(bytes, offset, bytes.length - offset)).bytesWritten;
    };
    const put = async (text: string) => {
      pending.push(text);
      pendingBytes += text.length;
      if (pendingBytes >= WRITE_BYTES) await flush();
    };
    await put('{"version":1,"tenants":{');
    let firstTenant = true;
    for (const [name, store] of this.tenants.stores()) {
      await put(`${firstTenant ? '' : ','}${JSON.stringify(name)}:{"version":1,"collections":{`);
      firstTenant = false;
      for (const [i, [collection, table]] of store.frozenTables().entries()) {
        await put(`${i > 0 ? ',' : ''}${JSON.stringify(collection)}:[`);
        let first = true;
        for (let slot = 0; slot >= 0;) {
          const { texts, next } = table.textsFrom(slot, PAGE_RECORDS);
          slot = next;
          if (texts.length === 0) continue;
          await put(`${first ? '' : ','}${texts.join(',')}`);
          first = false;
          await nextTurn();
        }
        await put(']');
      }
      await put('}}');
    }
    await put('}}');
    await flush();
  }
}
