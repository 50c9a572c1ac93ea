/**
 * A recording hop in front of Prism's validation proxy: forwards every request untouched and keeps,
 * per exchange, what was sent, what came back and the violations Prism attached to that very
 * response (its `sl-violations` header). Prism's log cannot tell concurrent exchanges apart; the
 * header can, so the oracle test attributes each violation exactly.
 */
import { startProxy } from './proxy.ts';

export interface HeaderViolation {
  location: string[];
  severity: 'Error' | 'Warning' | 'Information' | 'Hint';
  code?: string | number;
  message: string;
}

export interface RecordedExchange {
  method: string;
  /** The path and query as sent. */
  url: string;
  requestMediaType: string | undefined;
  status: number;
  responseMediaType: string | undefined;
  /** Prism's verdict on this exchange; empty when it found nothing. */
  violations: HeaderViolation[];
  /** True when Prism answered by itself instead of forwarding (a body it could not parse as JSON). */
  answeredByPrism: boolean;
}

export interface ExchangeRecorder {
  url: string;
  exchanges: RecordedExchange[];
  close(): Promise<void>;
}

export async function startExchangeRecorder(upstream: string): Promise<ExchangeRecorder> {
  const exchanges: RecordedExchange[] = [];
  const proxy = await startProxy(upstream, async (request, forward) => {
    const answer = await forward();
    const violationHeader = answer.headers['sl-violations'];
    const mediaType = answer.headers['content-type'];
    exchanges.push({
      method: request.method,
      url: request.url,
      requestMediaType: request.headers['content-type'],
      status: answer.status,
      responseMediaType: typeof mediaType === 'string' ? mediaType : undefined,
      violations: typeof violationHeader === 'string' ? parseViolations(violationHeader) : [],
      answeredByPrism: PRISM_OWN_ANSWER.test(answer.body?.toString('utf8') ?? ''),
    });
    return answer;
  });
  return { url: proxy.url, exchanges, close: proxy.close };
}

/** Prism's own answers: its JSON parser's refusal, and its problem types. */
const PRISM_OWN_ANSWER = /^\{"error":\{"code":"invalid_json"|stoplight\.io\/prism\/errors/;

function parseViolations(header: string): HeaderViolation[] {
  // Prism truncates an oversized header behind this prefix; what remains is not JSON.
  if (header.startsWith('Too many violations!'))
    return [{ location: ['response'], severity: 'Error', message: header.slice(0, 200) }];
  return JSON.parse(header) as HeaderViolation[];
}
