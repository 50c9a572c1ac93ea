/**
 * Lines and branches covered, per top-level folder of the project, from the summary that
 * `vitest run --coverage` writes (coverage/coverage-summary.json): `npm run test:coverage`.
 */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';

interface Counts {
  total: number;
  covered: number;
}
type Summary = Record<string, { lines: Counts; branches: Counts }>;

const summary = JSON.parse(readFileSync('coverage/coverage-summary.json', 'utf8')) as Summary;
const folders = new Map<string, { lines: Counts; branches: Counts }>();
for (const [file, counts] of Object.entries(summary)) {
  const folder = file === 'total' ? 'all' : (relative(process.cwd(), file).split(sep).slice(0, -1)[0] ?? '.');
  const sum = folders.get(folder) ?? { lines: { total: 0, covered: 0 }, branches: { total: 0, covered: 0 } };
  for (const kind of ['lines', 'branches'] as const) {
    sum[kind].total += counts[kind].total;
    sum[kind].covered += counts[kind].covered;
  }
  folders.set(folder, sum);
}
const percent = ({ total, covered }: Counts) => (total === 0 ? '-' : `${((100 * covered) / total).toFixed(1)}%`);
console.log('folder        lines    branches');
for (const [folder, { lines, branches }] of [...folders].sort(([a], [b]) =>
  a === 'all' ? 1 : b === 'all' ? -1 : a.localeCompare(b),
))
  console.log(`${folder.padEnd(12)} ${percent(lines).padStart(6)}  ${percent(branches).padStart(9)}`);
