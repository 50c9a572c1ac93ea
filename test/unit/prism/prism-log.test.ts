/** Prism's CLI output, line by line: the events `gas-harness proxy` and `startPrism` rely on. */
import { describe, expect, it } from 'vitest';
import { parsePrismLine, type PrismLogEvent } from '../../../prism/prism-log.ts';
import { createViolationReporter, formatViolation } from '../../../prism/violation-reporter.ts';

describe("Prism's log lines", () => {
  it('reads a violation with its side, location and severity', () => {
    const event = parsePrismLine(
      '[12:03:49 AM] ›     [VALIDATOR] ✖  error     Violation: response.body.data.id Response body property data.id must match format "uuid"',
    );
    expect(event).toEqual<PrismLogEvent>({
      kind: 'violation',
      side: 'response',
      location: 'response.body.data.id',
      severity: 'error',
      message: 'Response body property data.id must match format "uuid"',
    });
  });

  it('reads a received request, an upstream answer and the listening address', () => {
    expect(parsePrismLine('[12:03:49 AM] › [HTTP SERVER] put /v1/customers/c1 ℹ  info      Request received')).toEqual({
      kind: 'request',
      method: 'PUT',
      path: '/v1/customers/c1',
    });
    expect(
      parsePrismLine('[12:03:49 AM] ›     [PROXY] ℹ  info      The upstream call to /v1/customers/c1 has returned 204'),
    ).toEqual({ kind: 'upstream', path: '/v1/customers/c1', status: 204 });
    expect(parsePrismLine('[12:03:45 AM] › [CLI] ▶  start     Prism is listening on http://127.0.0.1:4600')).toEqual({
      kind: 'listening',
      url: 'http://127.0.0.1:4600',
    });
  });

  it('reads a warning without a location as a request warning', () => {
    expect(
      parsePrismLine('[12:03:49 AM] ›     [VALIDATOR] ⚠  warning   Violation: request Selected route not found'),
    ).toMatchObject({ side: 'request', location: 'request', severity: 'warning' });
  });
});

describe('the violation reporter', () => {
  it('names each violation after the exchange whose upstream answer Prism logged last', () => {
    const printed: string[] = [];
    const reporter = createViolationReporter((line) => printed.push(line));
    const lines = [
      '[12:03:49 AM] › [HTTP SERVER] put /v1/customers/c1 ℹ  info      Request received',
      '[12:03:49 AM] ›     [PROXY] ℹ  info      > Forwarding "put" request to http://127.0.0.1:4601/v1/customers/c1...',
      '[12:03:49 AM] ›     [PROXY] ℹ  info      The upstream call to /v1/customers/c1 has returned 204',
      '[12:03:49 AM] ›     [VALIDATOR] ✖  error     Violation: request.body.name Request body property name must NOT have fewer than 1 characters',
    ];
    for (const line of lines) {
      const event = parsePrismLine(line);
      if (event) reporter.accept(event);
    }
    expect(printed).toEqual([
      '✖ request  PUT /v1/customers/c1 → 204  request.body.name: Request body property name must NOT have fewer than 1 characters',
    ]);
    expect(reporter.summary()).toEqual({ requests: 1, violations: 1, errors: 1, warnings: 0 });
  });

  it('says so when a violation comes before any request', () => {
    expect(
      formatViolation({ kind: 'violation', side: 'response', location: 'response', severity: 'warning', message: 'x' }),
    ).toBe('⚠ response (no request seen)  response: x');
  });
});
