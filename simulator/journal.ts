/**
 * The bounded request journal of one tenant: what clients sent and what they got back. Bodies are
 * kept as the text that crossed the wire, parsed only when the journal is read: a flat string per
 * body instead of a graph of objects keeps the journal cheap for the garbage collector under load.
 */
import { redact, secretValuesOf } from './redact.ts';

interface RequestSummary {
  method: string;
  path: string;
  operationId: string | null;
  status: number;
  durationMs: number;
  /** True when the status was asked for (Prefer header or fault rule) rather than earned. */
  simulated: boolean;
}

/** What the simulator records of one request. */
export interface JournalRecord extends RequestSummary {
  /** Milliseconds since the epoch. */
  time: number;
  headers: Record<string, string>;
  requestText: string | undefined;
  responseText: string | undefined;
  /** Secret values this request carried, for redaction on read; never returned. */
  secrets: string[];
}

/** An entry as `GET /__sim/requests` answers it, secrets redacted. */
export interface JournalEntry extends RequestSummary {
  seq: number;
  time: string;
  request: { headers: Record<string, string>; body: unknown };
  response: { body: unknown };
}

export interface JournalQuery {
  since?: string;
  operationId?: string;
  status?: number;
}

export const JOURNAL_LIMIT = 1_000;

type Stored = JournalRecord & { seq: number };

export class Journal {
  private entries: Stored[] = [];
  private seq = 0;

  record(entry: JournalRecord): void {
    (entry as Stored).seq = ++this.seq;
    this.entries.push(entry as Stored);
    if (this.entries.length > JOURNAL_LIMIT * 1.25) this.entries = this.entries.slice(-JOURNAL_LIMIT);
  }

  /** Entries matching the query, oldest first, with every secret redacted. */
  read(query: JournalQuery = {}): JournalEntry[] {
    const since = query.since;
    const sinceSeq = since && /^\d+$/.test(since) ? Number(since) : undefined;
    const sinceTime = since && sinceSeq === undefined ? Date.parse(since) : undefined;
    return this.entries
      .slice(-JOURNAL_LIMIT)
      .filter((e) => (sinceSeq === undefined || e.seq > sinceSeq)
        && (sinceTime === undefined || Number.isNaN(sinceTime) || e.time >= sinceTime)
        && (query.operationId === undefined || e.operationId === query.operationId)
        && (query.status === undefined || e.status === query.status))
      .map(toEntry);
  }

  clear(): void {
    this.entries = [];
  }
}

function toEntry(stored: Stored): JournalEntry {
  const { seq, time, method, path, operationId, status, durationMs, simulated, headers } = stored;
  const requestBody = bodyOf(stored.requestText);
  const entry: JournalEntry = {
    seq, time: new Date(time).toISOString(), method, path, operationId, status, durationMs, simulated,
    request: { headers, body: requestBody },
    response: { body: bodyOf(stored.responseText) },
  };
  return redact(entry, [...stored.secrets, ...secretValuesOf(requestBody)]) as JournalEntry;
}

/** A body as the JSON it holds; none for text that is not JSON, whose secrets could not be told apart. */
function bodyOf(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
