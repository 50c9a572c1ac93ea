import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuites, readSuiteFile, ScenarioFileError, type ScenarioFileProblem } from '../../../scenarios/index.ts';
import { runCli } from '../../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gas-scenarios-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const problemsOf = (path: string): ScenarioFileProblem[] => {
  const result = readSuiteFile(path);
  return 'problems' in result ? result.problems : [];
};

const BAD_YAML = file(
  'bad-yaml.yaml',
  'name: broken\nsteps:\n  - name: a\n    request: { method: GET, path: /v1\n  - name: b\n',
);
const BAD_SCHEMA = file(
  'bad-schema.yaml',
  [
    'name: wrong keys',
    'steps:',
    '  - name: reads a product',
    '    request:',
    '      method: GET',
    '      path: /v1/products/1',
    '      colour: blue',
    '    expect:',
    '      status: 2000',
  ].join('\n'),
);

describe('reading scenario files', () => {
  it('names the file and line of a YAML syntax error', () => {
    const [problem] = problemsOf(BAD_YAML);
    expect(problem?.file).toContain('bad-yaml.yaml');
    expect(problem?.line).toBeGreaterThanOrEqual(4);
    expect(problem?.message).toMatch(/^YAML: /);
  });

  it('names the file, line and fault of every key the format does not allow', () => {
    expect(problemsOf(BAD_SCHEMA)).toEqual([
      expect.objectContaining({
        line: 7,
        message: expect.stringMatching(/steps\.0\.request has an unknown key "colour"/),
      }),
      expect.objectContaining({ line: 9, message: expect.stringMatching(/steps\.0\.expect\.status: must be <= 599/) }),
    ]);
  });

  it('refuses a template naming no variable, and a regular expression that does not compile', () => {
    const path = file(
      'templates.yaml',
      [
        'name: templates',
        'variables: { id: "{{uuid}}" }',
        'steps:',
        '  - name: reads',
        '    request: { method: GET, path: "/v1/products/{{id}}/{{missing}}" }',
        '    expect:',
        '      json: [{ path: $.data, matches: "([" }]',
      ].join('\n'),
    );
    expect(problemsOf(path)).toEqual([
      expect.objectContaining({ line: 5, message: expect.stringContaining('{{missing}} names no variable') }),
      expect.objectContaining({ line: 7, message: expect.stringContaining('is not a regular expression') }),
    ]);
  });

  it("accepts the fuzzer's replay shape", () => {
    const path = file(
      'replay.yaml',
      [
        'name: "fuzz: updateMerchantProvider answers 500 (seed 42)"',
        'auth: { profile: simulator }',
        'steps:',
        '  - name: replay the shrunk counterexample',
        '    request:',
        '      method: PUT',
        '      path: /v1/merchants/4f6c2a1e-8d3b-4c5a-9e7f-1a2b3c4d5e6f/providers/4f6c2a1e-8d3b-4c5a-9e7f-1a2b3c4d5e6f',
        '      headers: { X-Trace: fuzz }',
        '      rawBody: "{\\"priority\\": -0}"',
        '      mediaType: application/json',
        '    expect: { status: [204, 400, 404, 422] }',
      ].join('\n'),
    );
    expect(readSuiteFile(path)).toEqual({ suite: expect.objectContaining({ stepLines: [4] }) });
  });

  it('lists every problem of every file in one ScenarioFileError, and a missing path too', () => {
    let error: unknown;
    try {
      loadSuites([BAD_YAML, BAD_SCHEMA, join(dir, 'nope.yaml')]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ScenarioFileError);
    const files = (error as ScenarioFileError).problems.map((p) => p.file);
    expect(files.some((f) => f.endsWith('bad-yaml.yaml'))).toBe(true);
    expect(files.some((f) => f.endsWith('bad-schema.yaml'))).toBe(true);
    expect(files.some((f) => f.endsWith('nope.yaml'))).toBe(true);
  });
});

describe('gas-harness scenarios run with a bad file', () => {
  it('exits 2 naming the file and line, before running anything', async () => {
    const result = await runCli(['scenarios', 'run', BAD_SCHEMA]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/bad-schema\.yaml:7:\d+: steps\.0\.request has an unknown key "colour"/);
    expect(result.stdout).toBe('');
  });

  it('exits 2 on a YAML syntax error and on an unknown option', async () => {
    const [badYaml, unknownOption] = await Promise.all([
      runCli(['scenarios', 'run', BAD_YAML]),
      runCli(['scenarios', 'run', '--colour', 'blue']),
    ]);
    expect(badYaml.code).toBe(2);
    expect(badYaml.stderr).toContain('bad-yaml.yaml:');
    expect(unknownOption.code).toBe(2);
  });
});

describe('the format as docs/scenarios.md shows it', () => {
  it('is a valid suite', () => {
    const page = readFileSync(new URL('../../../docs/scenarios.md', import.meta.url), 'utf8');
    const section = page.slice(page.indexOf('## The format'));
    const example = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(example).toContain('steps:');
    expect(problemsOf(file('readme-example.yaml', example))).toEqual([]);
  });
});

describe('a read-back step (after:)', () => {
  it('must name an earlier step of its suite', () => {
    const path = file(
      'after-unknown.yaml',
      [
        'name: read-backs',
        'steps:',
        '  - name: reads a product',
        '    after: renames the category',
        "    request: { method: GET, path: '/v1/products/x' }",
      ].join('\n'),
    );
    expect(problemsOf(path)).toMatchObject([
      { line: 4, message: 'after names "renames the category", which is no earlier step of this suite' },
    ]);
  });
});
