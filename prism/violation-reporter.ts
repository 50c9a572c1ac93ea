/**
 * Turns Prism's parsed log events into one printed line per violation, as they happen, each named
 * after the exchange it belongs to, and keeps the counts for a summary. Prism logs an exchange's
 * violations right after its upstream answer (proxy) or its request (mock), so a violation is
 * attributed to the latest such exchange in log order; under concurrent traffic that order is
 * Prism's, not a guarantee.
 */
import type { PrismLogEvent, PrismViolation } from './prism-log.ts';

export interface ExchangeRef {
  method: string;
  path: string;
  /** The upstream's status (proxy mode). */
  status?: number;
}

export interface ReportedViolation extends PrismViolation {
  exchange?: ExchangeRef;
}

export interface ViolationSummary {
  requests: number;
  violations: number;
  errors: number;
  warnings: number;
}

export interface ViolationReporter {
  /** Feeds one event; returns the violation it reported, if the event was one. */
  accept(event: PrismLogEvent): ReportedViolation | undefined;
  summary(): ViolationSummary;
  violations(): ReportedViolation[];
}

/** A reporter that writes each violation with `write` (a line without its newline). */
export function createViolationReporter(write: (line: string) => void): ViolationReporter {
  const forwards: ExchangeRef[] = [];
  const found: ReportedViolation[] = [];
  let latest: ExchangeRef | undefined;
  let requests = 0;
  return {
    accept(event) {
      switch (event.kind) {
        case 'request':
          requests += 1;
          latest = { method: event.method, path: event.path };
          return undefined;
        case 'forward':
          forwards.push({ method: event.method, path: pathOf(event.url) });
          if (forwards.length > 1_000) forwards.shift();
          return undefined;
        case 'upstream': {
          const index = forwards.findIndex((f) => f.path === event.path);
          const forward = index >= 0 ? forwards.splice(index, 1)[0] : undefined;
          latest = { method: forward?.method ?? latest?.method ?? '?', path: event.path, status: event.status };
          return undefined;
        }
        case 'violation': {
          const reported: ReportedViolation = { ...event, ...(latest ? { exchange: { ...latest } } : {}) };
          found.push(reported);
          write(formatViolation(reported));
          return reported;
        }
        default:
          return undefined;
      }
    },
    summary: () => ({
      requests,
      violations: found.length,
      errors: found.filter((v) => v.severity === 'error').length,
      warnings: found.filter((v) => v.severity === 'warning').length,
    }),
    violations: () => [...found],
  };
}

/** `✖ request  PUT /v1/customers/c1 → 204  request.body.name: Request body property name must ...` */
export function formatViolation(v: ReportedViolation): string {
  const mark = v.severity === 'error' ? '✖' : v.severity === 'warning' ? '⚠' : 'ℹ';
  const exchange = v.exchange
    ? `${v.exchange.method} ${v.exchange.path}${v.exchange.status !== undefined ? ` → ${v.exchange.status}` : ''}`
    : '(no request seen)';
  return `${mark} ${v.side.padEnd(8)} ${exchange}  ${v.location}: ${v.message}`;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
