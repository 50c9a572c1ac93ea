/**
 * One request as a journal keeps it, whichever store holds the journal (memory/journal-ring.ts in memory,
 * redis/redis-journal.ts in Redis): what is recorded, every secret removed before it is written;
 * how a query selects entries; and an entry as `GET /__sim/requests` answers it.
 */
import { isSecretField, mayNameSecretField } from '../../contract/index.ts';
import {
  mayHoldJwt,
  redactDeep,
  redactedSecret,
  redactSecrets,
  secretFormsTest,
  secretValuesOf,
} from '../../report/index.ts';
import type { Refusal } from '../refusal.ts';

/** Words that start a credential redactSecrets removes (`Bearer …`, `authorization: …`). */
const CREDENTIAL_WORD = /bearer|authorization/i;

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

/** A tenant's journal keeps its last JOURNAL_LIMIT requests, or as many as fit in its bytes (either store). */
export const JOURNAL_LIMIT = 1_000;
export const JOURNAL_MAX_BYTES = 32 * 1024 * 1024;

/**
 * The bytes one tenant's journal may hold under a budget all tenants share: JOURNAL_MAX_BYTES, or
 * the whole budget when smaller. An entry larger than that is kept without its bodies. Each store
 * counts an entry in its own encoding.
 */
export const tenantJournalBytes = (budgetBytes: number): number => Math.min(JOURNAL_MAX_BYTES, budgetBytes);

export interface JournalRecord extends RequestSummary {
  /** Milliseconds since the epoch. */
  time: number;
  headers: Record<string, string>;
  requestText: string | undefined;
  responseText: string | undefined;
  /** Secret values this request carried (its token, its API key): `redactedRecord` removes them and empties this. */
  secrets: string[];
  /** The rule behind an error answer. */
  refusal?: Refusal;
}

/** An entry as `GET /__sim/requests` answers it, secrets redacted. */
export interface JournalEntry extends RequestSummary {
  seq: number;
  time: string;
  request: { headers: Record<string, string>; body: unknown };
  response: { body: unknown };
  /** The rule that refused the request (code, target, documented or assumed), on error answers. */
  refusal?: Refusal;
}

export interface JournalQuery {
  since?: string;
  operationId?: string;
  status?: number;
}

/** The request headers the journal keeps, in the order they are encoded. */
export const JOURNALED_HEADERS = ['content-type', 'authorization', 'prefer', 'x-sim-tenant'] as const;

/** Whether a stored entry matches a journal query. */
export function journalFilter(query: JournalQuery): (e: JournalRecord & { seq: number }) => boolean {
  const since = query.since;
  const sinceSeq = since && /^\d+$/.test(since) ? Number(since) : undefined;
  const sinceTime = since && sinceSeq === undefined ? Date.parse(since) : undefined;
  return (e) =>
    (sinceSeq === undefined || e.seq > sinceSeq) &&
    (sinceTime === undefined || Number.isNaN(sinceTime) || e.time >= sinceTime) &&
    (query.operationId === undefined || e.operationId === query.operationId) &&
    (query.status === undefined || e.status === query.status);
}

/**
 * A record as a journal stores it, every secret it carries removed before it is written: the token,
 * API key and JWT-shaped values in its headers and path, and values under secret field names in its
 * bodies (provider credentials, a push token in an event's `mensagem`). Neither a process's memory
 * nor Redis holds them, so a read of Redis or a heap dump shows none. A body that is not JSON and
 * may hold a secret, which could not be told apart, is not kept (the journal never shows such bodies).
 */
export function redactedRecord(record: JournalRecord): JournalRecord {
  const { requestText, responseText, refusal } = record;
  // Most bodies name no secret field and hold no JWT: they are kept as they are, never parsed here.
  const requestNames = requestText !== undefined && mayNameSecretField(requestText);
  const responseNames = responseText !== undefined && mayNameSecretField(responseText);
  const secrets = [...record.secrets];
  if (requestNames) secrets.push(...secretValuesOf(bodyOf(requestText)));
  if (responseNames) secrets.push(...secretValuesOf(bodyOf(responseText)));
  // What redactSecrets could change: a known secret (in any encoding), a JWT, a Bearer credential, an Authorization header written out.
  const holdsKnownSecret = secretFormsTest(secrets);
  const mayHold = (text: string) => mayHoldJwt(text) || holdsKnownSecret(text) || CREDENTIAL_WORD.test(text);
  const bodyText = (text: string | undefined, namesSecret: boolean) => {
    if (text === undefined || !(namesSecret || mayHold(text))) return text;
    const body = bodyOf(text);
    return body === undefined ? undefined : JSON.stringify(redactDeep(body, secrets));
  };
  const headers: Record<string, string> = {};
  for (const name in record.headers) {
    const value = record.headers[name] as string;
    headers[name] = isSecretField(name)
      ? (redactedSecret(value) as string)
      : mayHold(value)
        ? ((redactDeep({ [name]: value }, secrets) as Record<string, string>)[name] as string)
        : value;
  }
  return {
    ...record,
    path: mayHold(record.path) ? redactSecrets(record.path, secrets) : record.path,
    headers,
    requestText: bodyText(requestText, requestNames),
    responseText: bodyText(responseText, responseNames),
    secrets: [],
    ...(refusal ? { refusal: redactDeep(refusal, secrets) as Refusal } : {}),
  };
}

/** A stored entry as the admin API answers it, secrets redacted (again: entries are stored redacted). */
export function toEntry(stored: JournalRecord & { seq: number }): JournalEntry {
  const { seq, time, method, path, operationId, status, durationMs, simulated, headers, refusal } = stored;
  const requestBody = bodyOf(stored.requestText);
  const entry: JournalEntry = {
    seq,
    time: new Date(time).toISOString(),
    method,
    path,
    operationId,
    status,
    durationMs,
    simulated,
    request: { headers, body: requestBody },
    response: { body: bodyOf(stored.responseText) },
    ...(refusal ? { refusal } : {}),
  };
  return redactDeep(entry, [...stored.secrets, ...secretValuesOf(requestBody)]) as JournalEntry;
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
