/** The bench's settings from the environment (BENCH_SECONDS, BENCH_ROUNDS, ...), shared by `npm run bench` and `bench:ab`. */
import { positiveInteger } from '../cli/option-parsers.ts';

/** A positive integer from the environment, or the default; anything else stops the bench at once. */
export function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  try {
    return positiveInteger(raw);
  } catch {
    process.stderr.write(`bench: ${name}=${raw}: must be a positive integer\n`);
    process.exit(2);
  }
}
