/** The committed pact files: where they live, their shape, reading them, comparing two versions. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { projectFile } from '../../project-files.ts';

/** `contracts/pacts/`, where the consumer tests write the pacts that are committed. */
export const PACTS_DIR = `${projectFile('contracts', 'pacts')}/`;
/** The parties of the pact (no Pact import here: the consumer DSL is slow to load). */
export const CONSUMER = 'gas-partner-app';
export const PROVIDER = 'gas-ordering-platform';
export const PACT_FILE_NAME = `${CONSUMER}-${PROVIDER}.json`;

export interface PactBody {
  content?: unknown;
  contentType?: string;
  encoded?: boolean | string;
}

export interface PactInteraction {
  description: string;
  type: string;
  providerStates?: { name: string; params?: Record<string, unknown> }[];
  request: {
    method: string;
    path: string;
    headers?: Record<string, string[]>;
    body?: PactBody;
    query?: Record<string, string[]>;
  };
  response: { status: number; headers?: Record<string, string[]>; body?: PactBody };
}

export interface PactFile {
  consumer: { name: string };
  provider: { name: string };
  interactions: PactInteraction[];
  metadata?: Record<string, unknown>;
}

export interface LoadedPact {
  path: string;
  pact: PactFile;
}

/** Reads a pact file, or every `*.json` pact of a directory. */
export function readPactFiles(location = PACTS_DIR): LoadedPact[] {
  const files = statSync(location).isDirectory()
    ? readdirSync(location)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => join(location, name))
    : [location];
  return files.map((path) => ({ path, pact: JSON.parse(readFileSync(path, 'utf8')) as PactFile }));
}

/**
 * The part of a pact that the consumer tests decide: everything but `metadata`, which records the
 * versions of the Pact libraries that wrote it. Interactions are ordered by description.
 */
export function comparablePact(pact: PactFile): Omit<PactFile, 'metadata'> {
  const { metadata: _versions, ...rest } = pact;
  return { ...rest, interactions: [...rest.interactions].sort((a, b) => a.description.localeCompare(b.description)) };
}

/** A header of a pact request or response, whatever its case. */
export function headerOf(headers: Record<string, string[]> | undefined, name: string): string | undefined {
  const entry = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase());
  return entry?.[1].join(', ');
}
