/**
 * A tenant's request journal in Redis: a list per tenant, under one byte budget shared by every
 * tenant's journal and every process (the oldest entries of any tenant go first, in one script).
 */
import {
  JOURNAL_LIMIT,
  JOURNAL_MAX_BYTES,
  journalFilter,
  redactedRecord,
  toEntry,
  type JournalEntry,
  type JournalQuery,
  type JournalRecord,
} from '../journal.ts';
import type { TenantJournal } from '../tenants.ts';
import type { StoreConnection } from './redis-connection.ts';
import type { ScriptedRedis } from './redis-scripts.ts';

export class RedisJournal implements TenantJournal {
  constructor(
    private readonly connection: StoreConnection,
    private readonly prefix: string,
    private readonly tenant: string,
    private readonly budgetBytes: number,
  ) {}

  async record(recorded: JournalRecord): Promise<void> {
    // Redacted before it leaves the process: Redis never holds a secret of the journal.
    const entry = redactedRecord(recorded);
    let json = JSON.stringify(entry);
    // Too large for the budget with its bodies: it is kept without them.
    if (json.length > Math.min(JOURNAL_MAX_BYTES, this.budgetBytes))
      json = JSON.stringify({ ...entry, requestText: undefined, responseText: undefined });
    await this.connection.call((r) =>
      (r as ScriptedRedis).simJournalRecord(this.prefix, this.tenant, json, JOURNAL_LIMIT, this.budgetBytes),
    );
  }

  async read(query: JournalQuery = {}): Promise<JournalEntry[]> {
    const stored = await this.connection.call((r) => r.lrange(`${this.prefix}t{${this.tenant}}:j`, 0, -1));
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
    await this.connection.call((r) => (r as ScriptedRedis).simJournalClear(this.prefix, this.tenant));
  }
}
