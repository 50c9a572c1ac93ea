/** The bounded request journal of one tenant: what clients sent and what they got back. */
import { redact, secretValuesOf } from './redact.ts';

export interface JournalEntry {
  seq: number;
  time: string;
  method: string;
  path: string;
  operationId: string | null;
  status: number;
  durationMs: number;
  /** True when the status was asked for (Prefer header or fault rule) rather than earned. */
  simulated: boolean;
  request: { headers: Record<string, string>; body: unknown };
  response: { body: unknown };
  /** Secret values this request carried, for redaction on read; never returned. */
  secrets: string[];
}

export interface JournalQuery {
  since?: string;
  operationId?: string;
  status?: number;
}

export const JOURNAL_LIMIT = 1_000;

export class Journal {
  private entries: JournalEntry[] = [];
  private seq = 0;

  record(entry: Omit<JournalEntry, 'seq'>): void {
    this.entries.push({ ...entry, seq: ++this.seq });
    if (this.entries.length > JOURNAL_LIMIT * 1.25) this.entries = this.entries.slice(-JOURNAL_LIMIT);
  }

  /** Entries matching the query, oldest first, with every secret redacted. */
  read(query: JournalQuery = {}): Omit<JournalEntry, 'secrets'>[] {
    const since = query.since;
    const sinceSeq = since && /^\d+$/.test(since) ? Number(since) : undefined;
    const sinceTime = since && sinceSeq === undefined ? Date.parse(since) : undefined;
    return this.entries
      .slice(-JOURNAL_LIMIT)
      .filter((e) => (sinceSeq === undefined || e.seq > sinceSeq)
        && (sinceTime === undefined || Number.isNaN(sinceTime) || Date.parse(e.time) >= sinceTime)
        && (query.operationId === undefined || e.operationId === query.operationId)
        && (query.status === undefined || e.status === query.status))
      .map(({ secrets, ...e }) => redact(e, [...secrets, ...secretValuesOf(e.request.body)]) as Omit<JournalEntry, 'secrets'>);
  }

  clear(): void {
    this.entries = [];
  }
}
