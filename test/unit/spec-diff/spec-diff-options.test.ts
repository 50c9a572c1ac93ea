/**
 * What `spec diff`'s options change in what a user is shown: `--changelog` (the changes to the
 * document's words), a severity overrides file (and the clear error a bad one gets), the
 * `--operations` and `--paths` filters. On the small document of test/spec/spec-diff-widgets.ts.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specDiffExitCode } from '../../../spec-diff/spec-diff-report.ts';
import { SeverityOverridesError } from '../../../spec-diff/severity-overrides.ts';
import { globPattern } from '../../../spec-diff/spec-diff.ts';
import { diffWidgets, widgetsFolder, type Doc } from '../../support/spec-diff-widgets.ts';

let folder: ReturnType<typeof widgetsFolder>;
beforeAll(() => {
  folder = widgetsFolder();
});
afterAll(() => rmSync(folder.dir, { recursive: true, force: true }));

const WIDGET = '/widgets/{widgetId}';

/** Renames, retags and rewords `getWidget`, changes an example and a request default. */
const reword = (doc: Doc) => {
  const get = doc.paths[WIDGET].get;
  get.operationId = 'readWidget';
  get.tags = ['catalogue'];
  get.summary = 'Read one widget';
  get.parameters[1].description = 'which fields';
  get.parameters[1].example = 'name';
  doc.components.schemas.Widget.properties.name.description = 'what it is called';
  doc.components.schemas.Widget.properties.size.default = 2;
};

const overridesFile = (name: string, text: string) => {
  const file = join(folder.dir, name);
  writeFileSync(file, text);
  return file;
};

describe('spec diff options', () => {
  it('lists only what changes a request or an answer without --changelog (a default, not a description)', async () => {
    const { json } = await diffWidgets(folder, reword);
    expect(json.changes.map((c) => `${c.severity} ${c.kind} ${c.in}`).sort()).toEqual([
      'compatible default-changed response',
      'potentially-breaking default-changed request',
    ]);
  });

  it('lists every change with --changelog: operationId renames, tags, summaries, descriptions, examples', async () => {
    const { text, json } = await diffWidgets(folder, reword, { changelog: true });
    const found = json.changes.map((c) => `${c.kind}: ${c.message}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'operation-id-changed: operationId getWidget renamed readWidget',
        'tags-changed: tags changed from ["widgets"] to ["catalogue"]',
        "summary-changed: the operation's summary changed",
        'description-changed: query parameter fields: description changed',
        'example-changed: query parameter fields: example added',
        'description-changed: status 200: description of name changed',
      ]),
    );
    expect(text).toContain(
      'compatible  GET /widgets/{widgetId} (getWidget): operationId getWidget renamed readWidget  [operation-id-changed]',
    );
  });

  it('applies a severity overrides file: a kind raised, lowered or ignored', async () => {
    const overrides = overridesFile(
      'levels.yaml',
      'response-non-success-status-removed: breaking\nrequest-body-removed: warn\noperation-deprecated: ignore\n',
    );
    const { text, report, json } = await diffWidgets(
      folder,
      (doc: Doc) => {
        delete doc.paths[WIDGET].put.responses['409'];
        delete doc.paths[WIDGET].put.requestBody;
        doc.paths[WIDGET].get.deprecated = true;
      },
      { severityOverrides: overrides },
    );
    expect(json.changes.map((c) => `${c.severity} ${c.kind}`).sort()).toEqual([
      'breaking response-non-success-status-removed',
      'potentially-breaking request-body-removed',
    ]);
    expect(text).toContain('BREAKING  PUT /widgets/{widgetId} (putWidget): status 409 removed');
    expect(specDiffExitCode(report, 'breaking')).toBe(1);
  });

  it('refuses a bad overrides file, saying what is wrong and what a line may be', async () => {
    const cases: [string, string, string][] = [
      ['unknown-kind.yaml', 'response-status-gone: breaking\n', '"response-status-gone" is not a kind of change'],
      [
        'bad-level.yaml',
        'request-body-removed: fatal\n',
        'request-body-removed: "fatal" is not a severity (one of breaking, potentially-breaking, compatible, ignore)',
      ],
      ['list.yaml', '- request-body-removed\n', 'must be a map from a kind of change to a severity'],
      ['broken.json', '{ "request-body-removed": ', 'does not parse as YAML or JSON'],
    ];
    for (const [name, text, message] of cases) {
      const file = overridesFile(name, text);
      const run = diffWidgets(folder, () => {}, { severityOverrides: file });
      await expect(run).rejects.toThrow(SeverityOverridesError);
      await expect(run).rejects.toThrow(`${file}: ${message}`);
    }
    await expect(diffWidgets(folder, () => {}, { severityOverrides: join(folder.dir, 'none.yaml') })).rejects.toThrow(
      'none.yaml: no such file',
    );
  });

  it('keeps only the operations named by --operations, and the security schemes they use', async () => {
    const edit = (doc: Doc) => {
      delete doc.paths[WIDGET].put.requestBody;
      delete doc.paths['/old'];
      doc.components.securitySchemes.apiKey.name = 'X-Api-Key';
      doc.components.securitySchemes.bearerAuth.bearerFormat = 'opaque';
    };
    const { json } = await diffWidgets(folder, edit, { operations: ['putWidget'] });
    expect(json.changes.map((c) => c.operation?.id ?? c.component?.name)).toEqual([
      'putWidget',
      'securitySchemes.bearerAuth',
    ]);
    const counter = await diffWidgets(folder, edit, { operations: ['count'] });
    expect(counter.json.changes.map((c) => c.component?.name)).toEqual(['securitySchemes.apiKey']);
  });

  it('keeps only the operations whose path matches a --paths glob', async () => {
    const edit = (doc: Doc) => {
      delete doc.paths[WIDGET].put.requestBody;
      delete doc.paths['/old'];
    };
    const widgets = await diffWidgets(folder, edit, { paths: ['/widgets/**'] });
    expect(widgets.json.changes.map((c) => c.operation?.id)).toEqual(['putWidget']);
    const both = await diffWidgets(folder, edit, { paths: ['/old', '/widgets/*'] });
    expect(both.json.changes.map((c) => c.operation?.id).sort()).toEqual(['getOld', 'putWidget']);
    const none = await diffWidgets(folder, edit, { paths: ['/v1/**'] });
    expect(none.text).toContain(': no change\n');
  });

  it('reads a glob as segments: * within one, ** across, braces literal', () => {
    expect(globPattern('/widgets/*').test('/widgets/{widgetId}')).toBe(true);
    expect(globPattern('/widgets/*').test('/widgets/{widgetId}/parts')).toBe(false);
    expect(globPattern('/widgets/**').test('/widgets/{widgetId}/parts')).toBe(true);
    expect(globPattern('/widgets/{widgetId}').test('/widgets/{widgetId}')).toBe(true);
  });
});
