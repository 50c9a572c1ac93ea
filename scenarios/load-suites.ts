/**
 * Finds and reads scenario files: YAML parsed with line positions, checked against the scenario
 * schema, its templates and regular expressions. Every problem names its file and line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { StepSpec, SuiteSpec } from '../contract/index.ts';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import { ScenarioFileError, type ScenarioFileProblem } from './scenario-file-error.ts';
import { suiteSchemaProblems } from './suite-schema-validator.ts';
import { templateProblem } from './template.ts';

const SUITE_FILE = /\.ya?ml$/i;

/** A suite read from its file (valid against contract/scenario-schema.json), with the line of each step for reports. */
export interface LoadedSuite {
  file: string;
  spec: SuiteSpec;
  stepLines: number[];
}

/** The scenario files that paths name: files as given, directories searched recursively, sorted. */
export function findSuiteFiles(paths: string[]): { files: string[]; problems: ScenarioFileProblem[] } {
  const files: string[] = [];
  const problems: ScenarioFileProblem[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SUITE_FILE.test(entry.name)) files.push(path);
    }
  };
  for (const path of paths) {
    try {
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    } catch {
      problems.push({ file: path, line: 0, column: 0, message: 'no such file or directory' });
    }
  }
  return { files: [...new Set(files)], problems };
}

/** Reads every suite the paths name; throws ScenarioFileError listing every problem of every file. */
export function loadSuites(paths: string[]): LoadedSuite[] {
  const { files, problems } = findSuiteFiles(paths);
  if (files.length === 0 && problems.length === 0)
    problems.push(
      ...paths.map((file) => ({ file, line: 0, column: 0, message: 'holds no .yaml or .yml scenario file' })),
    );
  const suites: LoadedSuite[] = [];
  for (const file of files) {
    const result = readSuiteFile(file);
    if ('problems' in result) problems.push(...result.problems);
    else suites.push(result.suite);
  }
  if (problems.length) throw new ScenarioFileError(problems);
  return suites;
}

/** Reads one suite, or says everything that is wrong with it. */
export function readSuiteFile(file: string): { suite: LoadedSuite } | { problems: ScenarioFileProblem[] } {
  const shown = relative(process.cwd(), file) || file;
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (error) {
    return { problems: [{ file: shown, line: 0, column: 0, message: `cannot be read: ${(error as Error).message}` }] };
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false });
  const at = (offset: number, message: string): ScenarioFileProblem => {
    const { line, col } = lineCounter.linePos(offset);
    return { file: shown, line: Math.max(line, 1), column: col, message };
  };
  if (doc.errors.length)
    return { problems: doc.errors.map((e) => at(e.pos[0], `YAML: ${e.message.split('\n')[0] ?? e.message}`)) };
  const data: unknown = doc.toJS();
  const schemaProblems = suiteSchemaProblems(data);
  if (schemaProblems.length) {
    return { problems: schemaProblems.map((p) => at(offsetOf(doc, p.location, p.atKey), p.message)) };
  }
  const spec = data as SuiteSpec;
  const problems = [...templateProblems(doc, spec), ...regexProblems(doc, spec), ...afterProblems(doc, spec)].map((p) =>
    at(p.offset, p.message),
  );
  if (problems.length) return { problems };
  const stepLines = spec.steps.map((_, i) => lineCounter.linePos(offsetOf(doc, ['steps', i], false)).line);
  return { suite: { file: shown, spec, stepLines } };
}

/** An `after:` that names no earlier step of the suite. */
function afterProblems(doc: Document, spec: SuiteSpec): { offset: number; message: string }[] {
  return spec.steps.flatMap((step, i) =>
    stepsAfter(step)
      .filter((name) => !spec.steps.slice(0, i).some((earlier) => earlier.name === name))
      .map((name) => ({
        offset: offsetOf(doc, ['steps', i, 'after'], false),
        message: `after names "${name}", which is no earlier step of this suite`,
      })),
  );
}

/** The earlier steps a step reads back (its `after:`). */
export const stepsAfter = (step: StepSpec): string[] =>
  step.after === undefined ? [] : Array.isArray(step.after) ? step.after : [step.after];

/** The offset of the node at a location, or of its nearest existing ancestor. */
function offsetOf(doc: Document, location: (string | number)[], atKey: boolean): number {
  for (let depth = location.length; depth >= 0; depth--) {
    const path = location.slice(0, depth);
    if (atKey && depth === location.length && path.length > 0) {
      const parent = doc.getIn(path.slice(0, -1), true) as Node | undefined;
      const pair = isMap(parent)
        ? parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(path[path.length - 1]))
        : undefined;
      if (pair && isScalar(pair.key) && pair.key.range) return pair.key.range[0];
      continue;
    }
    const node = (path.length ? doc.getIn(path, true) : doc.contents) as Node | null | undefined;
    if (node && (isMap(node) || isSeq(node) || isScalar(node)) && node.range) return node.range[0];
  }
  return 0;
}

/** Every `{{name}}` must name a variable, a setup capture or a step capture of the suite. */
function templateProblems(doc: Document, spec: SuiteSpec): { offset: number; message: string }[] {
  const defined = new Set<string>([
    ...Object.keys(spec.variables ?? {}),
    ...(spec.setup ?? []).flatMap((s) => Object.keys(s.capture ?? {})),
    ...spec.steps.flatMap((s) => Object.keys(s.capture ?? {})),
  ]);
  const problems: { offset: number; message: string }[] = [];
  visit(doc, {
    Scalar(key, node) {
      if (key === 'key' || typeof node.value !== 'string') return;
      for (const match of node.value.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) {
        const problem = templateProblem(match[1] ?? '', defined);
        if (problem) problems.push({ offset: node.range?.[0] ?? 0, message: problem });
      }
    },
  });
  return problems;
}

function regexProblems(doc: Document, spec: SuiteSpec): { offset: number; message: string }[] {
  const problems: { offset: number; message: string }[] = [];
  const check = (pattern: string, location: (string | number)[]) => {
    try {
      new RegExp(pattern);
    } catch (error) {
      problems.push({
        offset: offsetOf(doc, location, false),
        message: `${location.join('.')} is not a regular expression: ${(error as Error).message}`,
      });
    }
  };
  spec.steps.forEach((step, i) => {
    step.expect?.json?.forEach((e, j) => {
      if (e.matches !== undefined) check(e.matches, ['steps', i, 'expect', 'json', j, 'matches']);
    });
    for (const [name, h] of Object.entries(step.expect?.headers ?? {})) {
      if (typeof h === 'object' && h.matches !== undefined)
        check(h.matches, ['steps', i, 'expect', 'headers', name, 'matches']);
    }
  });
  return problems;
}
