/** Parsers of numeric CLI options: a bad value is a usage error that names the option. */
import { InvalidArgumentError } from 'commander';

export function integer(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new InvalidArgumentError('must be an integer');
  return n;
}

export function positiveInteger(value: string): number {
  const n = integer(value);
  if (n < 1) throw new InvalidArgumentError('must be a positive integer');
  return n;
}

export function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) throw new InvalidArgumentError('must be a port number from 0 to 65535');
  return n;
}
