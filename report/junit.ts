/** Writes JUnit XML, the report format CI systems read, from suites of test cases. */
import { xmlText as escapeXml } from './neutralise.ts';

export interface JunitCase {
  name: string;
  classname: string;
  timeMs: number;
  failure?: { message: string; details?: string };
  skipped?: string;
}

export interface JunitSuite {
  name: string;
  cases: JunitCase[];
  /** The suite's own wall time, when more than the sum of its cases (set-up, parallel work). */
  timeMs?: number;
}

export function renderJunit(suites: JunitSuite[]): string {
  const count = (pred: (c: JunitCase) => boolean) => suites.reduce((n, s) => n + s.cases.filter(pred).length, 0);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${count(() => true)}" failures="${count((c) => !!c.failure)}" skipped="${count((c) => !!c.skipped)}">`,
  ];
  for (const suite of suites) {
    const time = (suite.timeMs ?? suite.cases.reduce((t, c) => t + c.timeMs, 0)) / 1000;
    lines.push(
      `  <testsuite name="${escapeXml(suite.name)}" tests="${suite.cases.length}" failures="${suite.cases.filter((c) => c.failure).length}" skipped="${suite.cases.filter((c) => c.skipped).length}" time="${time.toFixed(3)}">`,
    );
    for (const c of suite.cases) {
      const open = `    <testcase name="${escapeXml(c.name)}" classname="${escapeXml(c.classname)}" time="${(c.timeMs / 1000).toFixed(3)}"`;
      if (c.failure) {
        lines.push(
          `${open}>`,
          `      <failure message="${escapeXml(c.failure.message)}">${escapeXml(c.failure.details ?? c.failure.message)}</failure>`,
          '    </testcase>',
        );
      } else if (c.skipped) {
        lines.push(`${open}>`, `      <skipped message="${escapeXml(c.skipped)}"/>`, '    </testcase>');
      } else lines.push(`${open}/>`);
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
