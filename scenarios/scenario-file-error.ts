/** The error a scenario file that cannot be run raises: every problem, each with its file and line. */

export interface ScenarioFileProblem {
  file: string;
  /** 1-based; 0 when the problem is not at a place in the file (a missing file). */
  line: number;
  column: number;
  message: string;
}

export const formatProblem = (p: ScenarioFileProblem): string =>
  p.line > 0 ? `${p.file}:${p.line}:${p.column}: ${p.message}` : `${p.file}: ${p.message}`;

/** Thrown by the loader; the CLI prints each problem and exits 2. */
export class ScenarioFileError extends Error {
  readonly problems: ScenarioFileProblem[];

  constructor(problems: ScenarioFileProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'ScenarioFileError';
    this.problems = problems;
  }
}
