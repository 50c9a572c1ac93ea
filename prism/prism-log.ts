/**
 * Reads Prism's CLI output. Prism 5 prints its pino log through signale as text, one event per
 * line (`[12:03:49 AM] ›     [VALIDATOR] ✖  error     Violation: request.body ...`); this turns
 * each line into a typed event: the listening address, a received request, an upstream answer,
 * or a request/response violation.
 */

export type ViolationSeverity = 'error' | 'warning' | 'info';

export interface PrismViolation {
  kind: 'violation';
  /** Which half of the exchange breaks the document. */
  side: 'request' | 'response';
  /** Prism's location, dotted: `request.body.name`, `response.body.data.id`, `response`. */
  location: string;
  severity: ViolationSeverity;
  message: string;
}

export type PrismLogEvent =
  | { kind: 'listening'; url: string }
  | { kind: 'request'; method: string; path: string }
  | { kind: 'forward'; method: string; url: string }
  | { kind: 'upstream'; path: string; status: number }
  | PrismViolation
  | { kind: 'other'; component: string; level: string; message: string };

// eslint-disable-next-line no-control-regex -- the escape character of ANSI colours is what it removes
const ANSI = /\u001b\[[0-9;]*m/g;
const LINE = /\[(CLI|HTTP SERVER|[A-Z][A-Z ]*)\]\s+(.*)$/;
const SERVER_REQUEST = /^(\w+) (\S+) \S+\s+(\w+)\s+(.*)$/;
const BADGE = /^\S+\s+(\w+)\s+(.*)$/;
const VIOLATION = /^Violation: ((?:request|response)\S*)? ?(.*)$/;

/** Parses one line of Prism's output; `undefined` for lines that are not log events (blank, banners). */
export function parsePrismLine(raw: string): PrismLogEvent | undefined {
  const line = raw.replace(ANSI, '').trimEnd();
  const match = LINE.exec(line);
  if (!match) return undefined;
  const component = match[1] ?? '';
  const rest = match[2] ?? '';
  if (component === 'HTTP SERVER') {
    const request = SERVER_REQUEST.exec(rest);
    if (request) {
      const method = (request[1] ?? '').toUpperCase();
      const path = request[2] ?? '';
      if (request[4] === 'Request received') return { kind: 'request', method, path };
      return { kind: 'other', component, level: request[3] ?? '', message: `${method} ${path}: ${request[4] ?? ''}` };
    }
  }
  const badge = BADGE.exec(rest);
  if (!badge) return undefined;
  const level = badge[1] ?? '';
  const message = badge[2] ?? '';
  return eventOf(component, level, message);
}

function eventOf(component: string, level: string, message: string): PrismLogEvent {
  if (component === 'CLI') {
    const listening = /^Prism is listening on (\S+)/.exec(message);
    if (listening) return { kind: 'listening', url: listening[1] ?? '' };
  }
  if (component === 'PROXY') {
    const forward = /^> Forwarding "(\w+)" request to (\S+?)(?:\.\.\.)?$/.exec(message);
    if (forward) return { kind: 'forward', method: (forward[1] ?? '').toUpperCase(), url: forward[2] ?? '' };
    const upstream = /^The upstream call to (\S+) has returned (\d{3})$/.exec(message);
    if (upstream) return { kind: 'upstream', path: upstream[1] ?? '', status: Number(upstream[2]) };
  }
  if (component === 'VALIDATOR') {
    const violation = VIOLATION.exec(message);
    if (violation) {
      const location = violation[1] ?? 'request';
      return {
        kind: 'violation',
        side: location.startsWith('response') ? 'response' : 'request',
        location,
        severity: severityOf(level),
        message: violation[2] ?? '',
      };
    }
  }
  return { kind: 'other', component, level, message };
}

function severityOf(level: string): ViolationSeverity {
  if (level === 'error' || level === 'fatal') return 'error';
  if (level === 'warning' || level === 'warn') return 'warning';
  return 'info';
}
