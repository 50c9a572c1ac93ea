/**
 * `GET /__sim/state` as a stream, and the state file's tenants (memory/state-file.ts): the snapshot's
 * JSON, a page of records at a time, each page written when the reader has taken the last, with the
 * event loop free in between. The store gives
 * the pages from one consistent state (the memory store freezes its tables copy-on-write), so no
 * string ever holds the whole snapshot and other tenants are served meanwhile.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { redactDeep } from '../../report/index.ts';
import type { RecordStore } from './record-store.ts';
import type { StoredRecord } from './collections.ts';

/** Records per page: small enough that redacting one page takes a few milliseconds. */
const PAGE_RECORDS = 500;

export function exportStream(store: RecordStore): Readable {
  return Readable.from(snapshotText(store, PAGE_RECORDS, redactedTexts), {
    objectMode: false,
    highWaterMark: 64 * 1024,
  });
}

const redactedTexts = (texts: string[]) =>
  texts.map((text) => JSON.stringify(redactDeep(JSON.parse(text) as StoredRecord)));

/**
 * A store's records as a snapshot's JSON text, `pageRecords` records at a time from one consistent
 * state, with the event loop free between pages; `written` turns each page's stored texts into what
 * is written (the state file keeps them as they are, `GET /__sim/state` redacts them).
 */
export async function* snapshotText(
  store: RecordStore,
  pageRecords: number,
  written: (texts: string[]) => string[] = (texts) => texts,
): AsyncGenerator<string> {
  yield '{"version":1,"collections":{';
  let current: string | undefined;
  let first = true;
  for await (const { collection, texts } of store.exportPages(pageRecords)) {
    if (collection !== current) {
      yield `${current === undefined ? '' : '],'}${JSON.stringify(collection)}:[`;
      current = collection;
      first = true;
    }
    if (texts.length === 0) continue;
    yield `${first ? '' : ','}${written(texts).join(',')}`;
    first = false;
    await nextTurn();
  }
  yield `${current === undefined ? '' : ']'}}}`;
}
