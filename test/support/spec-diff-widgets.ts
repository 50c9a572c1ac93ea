/**
 * A small OpenAPI 3.0 document of its own (widgets, a legacy read past its sunset, an API-key
 * counter) for the `spec diff` tests of checks the platform's contract has no example of, and a way
 * to run `specDiff` on an edited copy of it and read what a user is shown (text and JSON).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  formatSpecDiffJson,
  formatSpecDiffText,
  specDiff,
  type SpecDiffOptions,
  type SpecDiffReport,
} from '../../spec-diff/spec-diff-report.ts';

export type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edits of a parsed document

/** The base document: every edit starts from a fresh copy. */
export function widgets(): Doc {
  const widget = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Widget' } } } };
  // The harness reads a document of this platform: each operation answers its errors as an ErrorList.
  const error = { $ref: '#/components/responses/Error' };
  return {
    openapi: '3.0.3',
    info: { title: 'widgets', version: '1' },
    security: [{ bearerAuth: [] }],
    paths: {
      '/widgets/{widgetId}': {
        get: {
          operationId: 'getWidget',
          tags: ['widgets'],
          summary: 'Read a widget',
          parameters: [
            { name: 'widgetId', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'fields', in: 'query', description: 'the fields to return', schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'the widget',
              headers: {
                'X-Rate-Limit': { required: true, schema: { type: 'integer' } },
                'X-Trace': { schema: { type: 'string' } },
              },
              ...widget,
            },
            '404': { description: 'no such widget', ...error },
          },
        },
        put: {
          operationId: 'putWidget',
          parameters: [{ name: 'widgetId', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: { required: true, ...widget },
          responses: { '204': { description: 'saved' }, '400': error, '409': error },
        },
      },
      '/legacy': {
        get: {
          operationId: 'getLegacy',
          deprecated: true,
          'x-sunset': '2020-01-31',
          responses: { '200': { description: 'ok' }, '400': error },
        },
      },
      '/old': {
        get: {
          operationId: 'getOld',
          deprecated: true,
          'x-sunset': '2999-12-31',
          responses: { '200': { description: 'ok' }, '400': error },
        },
      },
      '/counter': {
        post: {
          operationId: 'count',
          security: [{ apiKey: [] }],
          responses: { '204': { description: 'counted' }, '400': error },
        },
      },
    },
    components: {
      responses: {
        Error: {
          description: 'an error list',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorList' } } },
        },
      },
      schemas: {
        ErrorList: { type: 'object', properties: { errors: { type: 'array', items: { type: 'object' } } } },
        Widget: {
          type: 'object',
          properties: {
            name: { type: 'string', nullable: true, description: 'its name' },
            size: { type: 'integer', default: 1 },
          },
        },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'Authorization' },
      },
    },
  };
}

/** One folder for a test file's documents, an empty pact folder and a suite that reads a widget. */
export function widgetsFolder(): { dir: string; base: string; pacts: string; suites: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'spec-diff-widgets-'));
  const pacts = join(dir, 'pacts');
  mkdirSync(pacts);
  const suite = join(dir, 'widgets.yaml');
  writeFileSync(
    suite,
    [
      'name: widgets',
      'steps:',
      '  - name: reads a widget',
      "    request: { method: GET, path: '/widgets/w1' }",
      '    expect: { status: 200 }',
      '',
    ].join('\n'),
  );
  const base = join(dir, 'base.json');
  writeFileSync(base, JSON.stringify(widgets()));
  return { dir, base, pacts, suites: [suite] };
}

let count = 0;

export interface Shown {
  report: SpecDiffReport;
  text: string;
  json: SpecDiffReport;
}

/** `spec diff` of the base widgets against a copy that `edit` changed, as text and JSON. */
export async function diffWidgets(
  folder: ReturnType<typeof widgetsFolder>,
  edit: (doc: Doc) => void,
  options: Partial<SpecDiffOptions> = {},
): Promise<Shown> {
  const doc = widgets();
  edit(doc);
  const revision = join(folder.dir, `revision-${++count}.json`);
  writeFileSync(revision, JSON.stringify(doc));
  const report = await specDiff({
    base: folder.base,
    revision,
    pacts: folder.pacts,
    suites: folder.suites,
    ...options,
  });
  return { report, text: formatSpecDiffText(report), json: JSON.parse(formatSpecDiffJson(report)) as SpecDiffReport };
}
