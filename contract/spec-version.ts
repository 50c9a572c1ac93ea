/**
 * One version of the contract read from any file (YAML or JSON), for `gas-harness spec diff`: the
 * same derived tables as `loadContract` (operations, validators, matcher, assumptions), so a revision
 * can be checked the way the committed spec is. A file that is not an OpenAPI 3 document says why.
 */
import { readFileSync } from 'node:fs';
import { contractOf, type Contract } from './load-contract.ts';
import { parseSpecText } from './spec-text.ts';

/** A spec file that cannot be compared: it is missing, does not parse, or is no OpenAPI 3 document. */
export class SpecFileError extends Error {}

export interface SpecVersion extends Contract {
  /** The file as given on the command line. */
  file: string;
}

/** Reads, dereferences and derives one version of the contract; throws SpecFileError naming the file. */
export async function readSpecVersion(file: string): Promise<SpecVersion> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SpecFileError(
      `${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a spec file' : (error as Error).message}`,
    );
  }
  let raw: unknown;
  try {
    raw = parseSpecText(text);
  } catch (error) {
    throw new SpecFileError(`${file}: does not parse as YAML or JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!isObject(raw) || typeof raw.openapi !== 'string' || !raw.openapi.startsWith('3.'))
    throw new SpecFileError(`${file}: is not an OpenAPI 3 document (no "openapi: 3.x" at its top)`);
  if (!isObject(raw.paths) || !isObject(raw.components))
    throw new SpecFileError(`${file}: an OpenAPI document of this platform needs "paths" and "components"`);
  try {
    return { file, ...(await contractOf(raw)) };
  } catch (error) {
    throw new SpecFileError(`${file}: cannot be read as the platform's contract: ${(error as Error).message}`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
