/**
 * A tenant's request journal in Redis: a list per tenant, under one byte budget shared by every
 * tenant's journal and every process (the oldest entries of any tenant go first, in one script).
 */
import {
  JOURNAL_LIMIT,
  journalFilter,
  redactedRecord,
  tenantJournalBytes,
  toEntry,
  type JournalEntry,
  type JournalQuery,
  type JournalRecord,
} from '../journal-entry.ts';
import type { TenantJournal } from '../tenants.ts';
import type { StoreConnection } from './redis-connection.ts';
import type { ScriptedRedis } from './redis-scripts.ts';

/** Entries one script records at most. */
const BATCH_ENTRIES = 100;

/**
 * Writes the journal entries of every tenant of a process in batches: the entries recorded in one
 * turn of the event loop go to Redis in one script, not one command each.
 */
export class JournalWriter {
  private pending: { args: string[]; written: Promise<void>; settle(error?: Error): void } | undefined;

  constructor(
    readonly connection: StoreConnection,
    readonly prefix: string,
    readonly budgetBytes: number,
  ) {}

  /** Settles when the entry is in Redis; rejects when its batch could not be written. */
  write(tenant: string, json: string): Promise<void> {
    const batch = (this.pending ??= this.startBatch());
    batch.args.push(tenant, json);
    if (batch.args.length >= 2 * BATCH_ENTRIES) this.flush();
    return batch.written;
  }

  /** Sends the waiting entries now: a command sent after this on the connection sees them. */
  flush(): void {
    const batch = this.pending;
    if (!batch) return;
    this.pending = undefined;
    this.connection
      .call((r) =>
        (r as ScriptedRedis).simJournalRecord(
          this.prefix,
          JOURNAL_LIMIT,
          tenantJournalBytes(this.budgetBytes),
          this.budgetBytes,
          ...batch.args,
        ),
      )
      .then(
        () => batch.settle(),
        (error: unknown) => batch.settle(error instanceof Error ? error : new Error(String(error))),
      );
  }

  private startBatch(): NonNullable<JournalWriter['pending']> {
    let settle!: (error?: Error) => void;
    const written = new Promise<void>((resolve, reject) => {
      settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    setImmediate(() => this.flush());
    return { args: [], written, settle };
  }
}

export class RedisJournal implements TenantJournal {
  /** The tenant's journal, on the writer's connection and key prefix. */
  constructor(
    private readonly writer: JournalWriter,
    private readonly tenant: string,
  ) {}

  async record(recorded: JournalRecord): Promise<void> {
    // Redacted before it leaves the process: Redis never holds a secret of the journal.
    const entry = redactedRecord(recorded);
    let json = JSON.stringify(entry);
    // Too large for the budget with its bodies: it is kept without them.
    if (json.length > tenantJournalBytes(this.writer.budgetBytes))
      json = JSON.stringify({ ...entry, requestText: undefined, responseText: undefined });
    await this.writer.write(this.tenant, json);
  }

  async read(query: JournalQuery = {}): Promise<JournalEntry[]> {
    this.writer.flush();
    const { connection, prefix } = this.writer;
    const stored = await connection.call((r) => r.lrange(`${prefix}t{${this.tenant}}:j`, 0, -1));
    const matches = journalFilter(query);
    return stored
      .map((text) => {
        const bar = text.indexOf('|');
        return { ...(JSON.parse(text.slice(bar + 1)) as JournalRecord), seq: Number(text.slice(0, bar)) };
      })
      .filter(matches)
      .map(toEntry);
  }

  async clear(): Promise<void> {
    this.writer.flush();
    const { connection, prefix } = this.writer;
    await connection.call((r) => (r as ScriptedRedis).simJournalClear(prefix, this.tenant));
  }
}
