/**
 * The one reader of answers the harness reads or relays: the checkers' client (http-client.ts) and
 * the recording proxy. It keeps at most `maxAnswerBytes` of a body, hands each chunk on as it arrives
 * when relaying (an event stream reaches the client as it is produced), gives up on a body that sends
 * nothing for `stallMs`, and decompresses what it kept with the same output limit, off the event loop.
 * Its limits are the checkers' `--timeout` and `--max-answer-mb`, with the same message.
 */
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, type ZlibOptions } from 'node:zlib';

/** The most of one answer read, unless told otherwise (`--max-answer-mb`): 8 MiB. */
export const DEFAULT_MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** How long a request may take, and a body may send nothing, unless told otherwise (`--timeout`). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** What an answer past the limit is told, wherever it was read. */
export function answerLimitMessage(limitBytes: number): string {
  return `the answer exceeded ${limitBytes} bytes, the most the harness reads of one answer (raise it with --max-answer-mb)`;
}

/** A body that sent nothing for the stall limit. */
export class AnswerStalledError extends Error {
  override name = 'AnswerStalledError';
  readonly code = 'UND_ERR_BODY_TIMEOUT';
  constructor(readonly stallMs: number) {
    super(
      `the answer's body sent nothing for ${(stallMs / 1000).toFixed(1)} s (the time-out; raise it with --timeout)`,
    );
  }
}

export interface AnswerLimits {
  maxAnswerBytes: number;
  stallMs: number;
}

export interface ReadAnswer {
  /** The first `maxAnswerBytes` of the body at most. */
  kept: Buffer;
  /** The body went past the limit: `kept` is not all of it. */
  truncated: boolean;
  /** Bytes of the body seen (relayed, when relaying). */
  bytes: number;
}

/**
 * Reads a body within the limits. Without `relay`, a body past the limit is abandoned (the stream
 * destroyed) at once; with `relay`, every chunk is handed on as it arrives (awaited: the relay's
 * back-pressure) and only the keeping stops at the limit. Throws AnswerStalledError on a stall.
 */
export async function readAnswer(
  body: AsyncIterable<Uint8Array> & { destroy?: (error?: Error) => void },
  limits: AnswerLimits,
  relay?: (chunk: Uint8Array) => Promise<void> | void,
): Promise<ReadAnswer> {
  const chunks: Buffer[] = [];
  let keptBytes = 0;
  let bytes = 0;
  let truncated = false;
  let timer: NodeJS.Timeout | undefined;
  let stalled = false;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      body.destroy?.(new AnswerStalledError(limits.stallMs));
    }, limits.stallMs);
  };
  arm();
  try {
    for await (const chunk of body) {
      arm();
      bytes += chunk.byteLength;
      if (!truncated && keptBytes + chunk.byteLength <= limits.maxAnswerBytes) {
        chunks.push(Buffer.from(chunk));
        keptBytes += chunk.byteLength;
      } else if (!truncated) {
        truncated = true;
        const room = limits.maxAnswerBytes - keptBytes;
        if (room > 0) chunks.push(Buffer.from(chunk.subarray(0, room)));
        keptBytes = limits.maxAnswerBytes;
        if (!relay) {
          body.destroy?.();
          break;
        }
      }
      if (relay) await relay(chunk);
    }
  } catch (error) {
    if (stalled) throw new AnswerStalledError(limits.stallMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  if (stalled) throw new AnswerStalledError(limits.stallMs);
  return { kept: Buffer.concat(chunks), truncated, bytes };
}

const DECOMPRESS: Record<string, (input: Buffer, options: ZlibOptions) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  br: promisify(brotliDecompress) as (input: Buffer, options: ZlibOptions) => Promise<Buffer>,
  deflate: promisify(inflate),
};

/**
 * A body as its sender wrote it before `encoding`, at most `maxBytes` of it decompressed (on the
 * thread pool, not the event loop): `tooLarge` when it would decompress past the limit; the bytes as
 * they are for an unknown encoding or bytes that are not what the encoding says.
 */
export async function decompressAnswer(
  body: Buffer,
  encoding: string | undefined,
  maxBytes: number,
): Promise<{ body: Buffer } | { tooLarge: true }> {
  const name = encoding?.trim().toLowerCase();
  const decompress = name !== undefined && Object.hasOwn(DECOMPRESS, name) ? DECOMPRESS[name] : undefined;
  if (!decompress) return { body };
  try {
    return { body: await decompress(body, { maxOutputLength: maxBytes }) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError)
      return { tooLarge: true };
    return { body };
  }
}
