/** The embedded demo dataset, and reading a dataset file given with `--data`. */
import { readFileSync } from 'node:fs';
import { projectFile } from '../../project-files.ts';
import { snapshotProblems } from './snapshot-schema.ts';
import type { Snapshot } from './collections.ts';

export const DEMO_DATASET_PATH = projectFile('simulator', 'demo-dataset.json');

export function demoDataset(): Snapshot {
  return JSON.parse(readFileSync(DEMO_DATASET_PATH, 'utf8')) as Snapshot;
}

export const EMPTY_DATASET: Snapshot = { version: 1, collections: {} };

/** Reads and checks a dataset file; the error says which file and what is wrong with it. */
export function readDatasetFile(path: string): Snapshot {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read dataset ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`dataset ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const problems = snapshotProblems(parsed);
  if (problems.length > 0) throw new Error(`dataset ${path} is not a valid snapshot: ${problems.join('; ')}`);
  return parsed as Snapshot;
}
