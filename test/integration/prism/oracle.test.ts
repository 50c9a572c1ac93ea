/**
 * Prism as an independent oracle of our contract conformance: the default scenario suites run
 * through Prism's validation proxy in front of the in-process simulator, and Prism's verdict on
 * every exchange (its `sl-violations` header, recorded per exchange) must agree with ours.
 *
 * The suites send invalid requests on purpose (each documented refusal is a step), so "zero
 * violations" means: no response of the simulator breaks the document, and Prism calls a request
 * invalid only where the simulator refused it as invalid too. Prism defects that produce a false
 * violation are listed below by name, each matched narrowly, and described in docs/prism.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrism, type PrismProcess } from '../../../prism/prism-process.ts';
import { runScenarios, type ScenarioReport } from '../../../scenarios/index.ts';
import { startSimulator, type RunningSimulator } from '../../../simulator/index.ts';
import { loadContract, type Operation } from '../../../contract/index.ts';
import {
  startExchangeRecorder,
  type ExchangeRecorder,
  type HeaderViolation,
  type RecordedExchange,
} from '../../support/exchange-recorder.ts';

/** Statuses by which the simulator says "this request is invalid" (malformed, unauthenticated, too big, wrong media type, rule broken). */
const REFUSED_AS_INVALID = new Set([400, 401, 413, 415, 422]);

interface PrismDefect {
  id: string;
  applies(exchange: RecordedExchange, violation: HeaderViolation): boolean;
}

/** False violations caused by Prism 5.14.2 itself (docs/prism.md). */
const PRISM_DEFECTS: PrismDefect[] = [
  {
    // Prism parses only application/json and application/*+json bodies; a text/json body reaches
    // its validator as a string, so a valid object body is reported as "must be object".
    id: 'text/json body validated as a string',
    applies: (e, v) =>
      /^text\/json\b/i.test(e.requestMediaType ?? '') && v.location.join('.') === 'request.body' && v.code === 'type',
  },
];

let simulator: RunningSimulator;
let prism: PrismProcess;
let recorder: ExchangeRecorder;
let report: ScenarioReport;
let operations: Operation[];

beforeAll(async () => {
  operations = (await loadContract()).operations;
  simulator = await startSimulator({ port: 0 });
  prism = await startPrism({ mode: 'proxy', upstream: simulator.url, verboseLevel: 'warn' });
  recorder = await startExchangeRecorder(prism.url);
  report = await runScenarios({ target: recorder.url });
}, 90_000);

afterAll(async () => {
  await recorder?.close();
  await prism?.close();
  await simulator?.close();
});

function operationOf(exchange: RecordedExchange): Operation | undefined {
  const path = exchange.url.split('?')[0] ?? '';
  return operations.find(
    (op) => op.method === exchange.method && new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
}

/** Exchanges of the platform's API (not the simulator's `/__sim` admin API) that reached the simulator. */
const platformExchanges = (): RecordedExchange[] =>
  recorder.exchanges.filter((e) => !e.url.startsWith('/__sim') && !e.answeredByPrism);

const unexplained = (e: RecordedExchange, v: HeaderViolation): boolean => !PRISM_DEFECTS.some((d) => d.applies(e, v));

const describeViolation = (e: RecordedExchange, v: HeaderViolation): string =>
  `${e.method} ${e.url} (${e.requestMediaType ?? 'no body'}) → ${e.status}: ${v.severity} ${v.location.join('.')}: ${v.message}`;

describe('Prism as an independent oracle of the default scenario suites', () => {
  it('finds no simulator response that breaks the contract', () => {
    const found = platformExchanges().flatMap((e) =>
      e.violations.filter((v) => v.location[0] === 'response').map((v) => describeViolation(e, v)),
    );
    expect(found).toEqual([]);
  });

  it('calls a request invalid only where the simulator refused it as invalid', () => {
    const found = platformExchanges().flatMap((e) =>
      e.violations
        .filter((v) => v.location[0] === 'request' && unexplained(e, v))
        .filter(() => !REFUSED_AS_INVALID.has(e.status) && !(operationOf(e) === undefined && e.status === 404))
        .map((v) => describeViolation(e, v)),
    );
    expect(found).toEqual([]);
  });

  it('agrees on a share of the refusals, so the verdicts above are not vacuous', () => {
    const refused = platformExchanges().filter((e) => REFUSED_AS_INVALID.has(e.status));
    const flaggedToo = refused.filter((e) =>
      e.violations.some((v) => v.location[0] === 'request' && v.severity === 'Error'),
    );
    expect(refused.length).toBeGreaterThan(20);
    expect(flaggedToo.length).toBeGreaterThan(refused.length / 2);
  });

  it('sees every operation answered with success through the proxy', () => {
    const succeeded = new Set(
      platformExchanges()
        .filter((e) => e.status < 300)
        .map((e) => operationOf(e)?.id),
    );
    expect(operations.map((op) => op.id).filter((id) => !succeeded.has(id))).toEqual([]);
  });

  it('passes every scenario step except those whose request Prism answers itself', () => {
    const answeredByPrism = new Set(
      recorder.exchanges.filter((e) => e.answeredByPrism).map((e) => `${e.method} ${e.url}`),
    );
    const failed = report.suites.flatMap((s) =>
      s.steps.filter((step) => step.outcome === 'failed').map((step) => ({ suite: s.name, step })),
    );
    const unexplainedFailures = failed
      .filter(({ step }) => !answeredByPrism.has(`${step.method} ${step.path}`))
      .map(({ suite, step }) => `${suite} / ${step.name}`);
    expect(unexplainedFailures).toEqual([]);
    expect(report.summary.steps.passed).toBeGreaterThan(100);
  });
});
