/**
 * `--state-file FILE` for the memory store: every tenant's records restored from the file at start,
 * and saved to it every few seconds when something changed and on shutdown. A save streams the
 * tenants a page at a time to a temporary file beside it, flushes it to disk and renames it over
 * the old one, so the file is always a whole state: a `kill -9` loses at most the writes of the
 * last SAVE_INTERVAL_MS (and of a save under way).
 */
import { once } from 'node:events';
import { createWriteStream, readFileSync, renameSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { snapshotProblems } from './snapshot-schema.ts';
import type { Snapshot } from './store.ts';
import type { TenantRegistry } from './tenants.ts';

export const SAVE_INTERVAL_MS = 2_000;
const PAGE_RECORDS = 1_000;

interface StateFile {
  version: 1;
  tenants: Record<string, Snapshot>;
}

/** Restores every tenant of the file; a missing file is a first start, a bad one an error naming it. */
export function restoreStateFile(tenants: TenantRegistry, path: string): number {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw new Error(`cannot read the state file ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let state: StateFile;
  try {
    state = JSON.parse(text) as StateFile;
  } catch (error) {
    throw new Error(`the state file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (state?.version !== 1 || typeof state.tenants !== 'object' || state.tenants === null)
    throw new Error(`the state file ${path} is not a gas-harness state file (version 1 with tenants)`);
  for (const [name, snapshot] of Object.entries(state.tenants)) {
    const problems = snapshotProblems(snapshot);
    if (problems.length > 0)
      throw new Error(`the state file ${path} holds a bad snapshot for tenant ${name}: ${problems.join('; ')}`);
    tenants.restoreTenant(name, snapshot);
  }
  return Object.keys(state.tenants).length;
}

export class StateFileSaver {
  private readonly timer: NodeJS.Timeout;
  private saved = '';
  private saving: Promise<void> | undefined;

  constructor(
    private readonly tenants: TenantRegistry,
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
    const temporary = `${this.path}.${process.pid}.tmp`;
    const out = createWriteStream(temporary);
    const put = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
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
    out.end();
    await once(out, 'finish');
    const handle = await open(temporary, 'r');
    await handle.sync();
    await handle.close();
    renameSync(temporary, this.path);
  }
}
