/**
 * The checks `spec diff` has for what the platform's contract has no example of, on a small OpenAPI
 * 3.0 document (test/spec/spec-diff-widgets.ts): a removed request body, 3.0's `nullable`, security
 * scheme definitions, deprecation and sunset dates, response headers, removed statuses. Each test
 * reads what a user is shown: the text lines and the JSON report.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specDiffExitCode } from '../../../spec-diff/spec-diff-report.ts';
import { diffWidgets, widgetsFolder, type Doc } from '../../support/spec-diff-widgets.ts';

let folder: ReturnType<typeof widgetsFolder>;
beforeAll(() => {
  folder = widgetsFolder();
});
afterAll(() => rmSync(folder.dir, { recursive: true, force: true }));

const WIDGET = '/widgets/{widgetId}';
const kinds = (json: { changes: { kind: string; severity: string }[] }) =>
  json.changes.map((c) => `${c.severity} ${c.kind}`).sort();

describe('spec diff checks', () => {
  it('finds no change between the document and itself', async () => {
    const { text, json } = await diffWidgets(folder, () => {});
    expect(json.changes).toEqual([]);
    expect(text).toContain(': no change\n');
  });

  it('reports a removed request body as breaking, naming the operation', async () => {
    const { text, report } = await diffWidgets(folder, (doc) => delete doc.paths[WIDGET].put.requestBody);
    expect(text).toContain(
      'BREAKING  PUT /widgets/{widgetId} (putWidget): the operation no longer takes a request body  [request-body-removed]',
    );
    expect(specDiffExitCode(report, 'breaking')).toBe(1);
  });

  it("reads 3.0's nullable as a type union: null refused in a request breaks, null dropped from a response does not", async () => {
    const { text, json } = await diffWidgets(
      folder,
      (doc) => (doc.components.schemas.Widget.properties.name.nullable = false),
    );
    expect(text).toContain(
      'BREAKING  PUT /widgets/{widgetId} (putWidget): request body: type of name changed from ["string","null"] to string  [type-narrowed]',
    );
    expect(text).toContain(
      'compatible  GET /widgets/{widgetId} (getWidget): status 200: type of name changed from ["string","null"] to string  [type-narrowed]',
    );
    expect(json.changes.find((c) => c.in === 'request')).toMatchObject({
      field: ['name'],
      before: ['string', 'null'],
      after: 'string',
      pointer:
        '#/paths/~1widgets~1{widgetId}/put/requestBody/content/application~1json/schema/properties/name/nullable',
    });
  });

  it('reports nullable removed as a narrowing and nullable added as a widening (breaking in a response)', async () => {
    const removed = await diffWidgets(folder, (doc) => delete doc.components.schemas.Widget.properties.name.nullable);
    expect(kinds(removed.json)).toEqual(['breaking type-narrowed', 'compatible type-narrowed']);
    const added = await diffWidgets(folder, (doc) => (doc.components.schemas.Widget.properties.size.nullable = true));
    expect(kinds(added.json)).toEqual(['breaking type-widened', 'compatible type-widened']);
    expect(added.text).toContain('status 200: type of size changed from integer to ["integer","null"]');
  });

  it("reports a changed security scheme's definition once, with the operations that use it", async () => {
    const { text, json } = await diffWidgets(folder, (doc: Doc) => {
      doc.components.securitySchemes.apiKey.name = 'X-Api-Key';
      doc.components.securitySchemes.bearerAuth.bearerFormat = 'opaque';
    });
    expect(text).toContain(
      'BREAKING  components.securitySchemes.apiKey (used by 1 operation): security scheme apiKey: name changed from "Authorization" to "X-Api-Key"  [security-definition-changed]',
    );
    expect(text).toContain(
      'BREAKING  components.securitySchemes.bearerAuth (used by 4 operations): security scheme bearerAuth: bearerFormat changed from "JWT" to "opaque"  [security-definition-changed]',
    );
    expect(json.changes.find((c) => c.component?.name === 'securitySchemes.apiKey')?.component?.usedBy).toEqual([
      { id: 'count', method: 'POST', path: '/counter' },
    ]);
  });

  it("reports a scheme's type, an OAuth flow's URL and scope, and a scheme no operation uses", async () => {
    const { json } = await diffWidgets(folder, (doc: Doc) => {
      doc.components.securitySchemes.apiKey = { type: 'http', scheme: 'basic' };
      doc.components.securitySchemes.oauth = {
        type: 'oauth2',
        flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: {} } },
      };
    });
    const messages = json.changes.map((c) => `${c.severity} ${c.message}`);
    expect(messages).toContain('breaking security scheme apiKey: type changed from "apiKey" to "http"');
    expect(messages).toContain('breaking security scheme apiKey: in changed from "header" to nothing');
    expect(messages).toContain('compatible security scheme oauth added');
  });

  it('does not call the removal of an operation past its sunset date breaking, but one before it is', async () => {
    const past = await diffWidgets(folder, (doc) => delete doc.paths['/legacy']);
    expect(past.text).toContain(
      'compatible  GET /legacy (getLegacy): GET /legacy removed (the whole path is gone) after its sunset date 2020-01-31  [operation-removed-after-sunset]',
    );
    expect(specDiffExitCode(past.report, 'breaking')).toBe(0);
    const future = await diffWidgets(folder, (doc) => delete doc.paths['/old']);
    expect(future.text).toContain(
      'BREAKING  GET /old (getOld): GET /old removed (the whole path is gone) before its sunset date 2999-12-31  [path-removed]',
    );
    // The day compared with is the run's: on 2030-01-01, /old's sunset has not come either.
    const then = await diffWidgets(folder, (doc) => delete doc.paths['/old'], { now: new Date('2030-01-01') });
    expect(then.json.changes[0]?.kind).toBe('path-removed');
  });

  it('reports deprecation as compatible, and a sunset date brought forward as breaking', async () => {
    const { json } = await diffWidgets(folder, (doc: Doc) => {
      doc.paths[WIDGET].get.deprecated = true;
      doc.paths[WIDGET].get.parameters[1].deprecated = true;
      doc.components.schemas.Widget.properties.size.deprecated = true;
      doc.paths['/old'].get['x-sunset'] = '2999-01-01';
    });
    const messages = json.changes.map((c) => `${c.severity} ${c.kind}: ${c.message}`);
    expect(messages).toContain('compatible operation-deprecated: the operation is deprecated');
    expect(messages).toContain('compatible parameter-deprecated: query parameter fields is deprecated');
    expect(messages).toContain('compatible property-deprecated: status 200: size is deprecated');
    expect(messages).toContain('breaking sunset-brought-forward: the sunset date moved from 2999-12-31 to 2999-01-01');
  });

  it('reports response headers removed, added, made optional and retyped', async () => {
    const { text, json } = await diffWidgets(folder, (doc: Doc) => {
      const headers = doc.paths[WIDGET].get.responses['200'].headers;
      delete headers['X-Trace'];
      headers['X-Rate-Limit'] = { schema: { type: 'string' } };
      headers.ETag = { schema: { type: 'string' } };
    });
    expect(kinds(json)).toEqual([
      'breaking response-header-became-optional',
      'breaking type-changed',
      'compatible response-header-added',
      'potentially-breaking response-header-removed',
    ]);
    expect(text).toContain(
      'BREAKING  GET /widgets/{widgetId} (getWidget): status 200: header X-Rate-Limit: type of its value changed from integer to string  [type-changed]',
    );
    expect(json.changes.find((c) => c.kind === 'response-header-removed')).toMatchObject({
      in: 'header',
      status: 200,
      header: 'X-Trace',
    });
    const required = await diffWidgets(
      folder,
      (doc) => delete doc.paths[WIDGET].get.responses['200'].headers['X-Rate-Limit'],
    );
    expect(kinds(required.json)).toEqual(['breaking response-header-removed']);
  });

  it('rates a removed error status informational and a removed success status breaking', async () => {
    const { text, report } = await diffWidgets(folder, (doc) => delete doc.paths[WIDGET].put.responses['409']);
    expect(text).toContain(
      'compatible  PUT /widgets/{widgetId} (putWidget): status 409 removed  [response-non-success-status-removed]',
    );
    expect(specDiffExitCode(report, 'breaking')).toBe(0);
    const success = await diffWidgets(folder, (doc) => {
      doc.paths[WIDGET].put.responses['200'] = { description: 'saved' };
      delete doc.paths[WIDGET].put.responses['204'];
    });
    expect(kinds(success.json)).toEqual([
      'breaking response-success-status-removed',
      'compatible response-status-added',
    ]);
  });
});
