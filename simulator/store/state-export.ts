/**
 * `GET /__sim/state` as a stream: the snapshot's JSON, a page of records at a time, each page
 * written when the socket has taken the last, with the event loop free in between. The store gives
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
  return Readable.from(pages(store), { objectMode: false, highWaterMark: 64 * 1024 });
}

async function* pages(store: RecordStore): AsyncGenerator<string> {
  yield '{"version":1,"collections":{';
  let current: string | undefined;
  let first = true;
  for await (const { collection, texts } of store.exportPages(PAGE_RECORDS)) {
    if (collection !== current) {
      yield `${current === undefined ? '' : '],'}${JSON.stringify(collection)}:[`;
      current = collection;
      first = true;
    }
    if (texts.length === 0) continue;
    const page = texts.map((text) => JSON.stringify(redactDeep(JSON.parse(text) as StoredRecord))).join(',');
    yield `${first ? '' : ','}${page}`;
    first = false;
    await nextTurn();
  }
  yield `${current === undefined ? '' : ']'}}}`;
}
