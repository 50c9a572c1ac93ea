/**
 * Which changes `spec diff` calls "documented": only those that touch something a stated sentence
 * of the description pins (spec/stated-rules.ts), quoted; every other change is assumed, with the
 * spec's `x-assumed` reason where it gives one. An added field is never documented.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yaml from 'yaml';
import { formatSpecDiffText, specDiff, type SpecDiffReport } from '../../../spec-diff/spec-diff-report.ts';
import { NOT_STATED } from '../../../spec-diff/change-basis.ts';
import { SPEC_PATH } from '../../../contract/index.ts';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edits of a parsed document

let dir: string;
let report: SpecDiffReport;
let text: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spec-diff-basis-'));
  const doc = yaml.parse(readFileSync(SPEC_PATH, 'utf8')) as Doc;
  doc.components.schemas.Product.properties.slogan = { type: 'string' };
  doc.components.schemas.Category.properties.name.maxLength = 5;
  doc.components.schemas.ErrorList.properties.errors.items.properties.code.type = 'integer';
  delete doc.paths['/v1/categories/{categoryId}'].put.responses['204'];
  doc.paths['/v1/categories/{categoryId}'].put.responses['200'] = { description: 'updated' };
  delete doc.paths['/v1/consumers/{consumerId}/addresses'].put.requestBody.content['text/json'];
  const revision = join(dir, 'revision.yaml');
  writeFileSync(revision, yaml.stringify(doc));
  report = await specDiff({ base: SPEC_PATH, revision });
  text = formatSpecDiffText(report);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const change = (kind: string, operation: string, status?: number) =>
  report.changes.find(
    (c) => c.kind === kind && c.operation?.id === operation && (status === undefined || c.status === status),
  );

describe('spec diff basis', () => {
  it('calls an added response field assumed, never documented', () => {
    expect(change('property-added', 'getProduct')).toMatchObject({
      field: ['data', 'slogan'],
      basis: { basis: 'assumed', reason: NOT_STATED },
    });
    expect(text).toMatch(
      /property data\.slogan added {2}\[property-added\]\n {2}assumed: No stated rule of the description \(spec\/stated-rules\.ts\) pins this/,
    );
  });

  it('calls a change no sentence pins assumed, even where the spec does not mark it', () => {
    expect(change('constraint-tightened', 'updateCategory')?.basis).toEqual({ basis: 'assumed', reason: NOT_STATED });
  });

  it('quotes the Endpoints row for a removed success status it states', () => {
    expect(change('response-success-status-removed', 'updateCategory')?.basis).toMatchObject({
      basis: 'documented',
      stated: 'categoryUpdate204',
    });
    expect(text).toContain(
      '  documented: "| Update a category | PUT | /v1/categories/{categoryId} | Category | 204 | none |" (Endpoints)',
    );
  });

  it('quotes the error list sentence for a change to the errors field of an operation it names', () => {
    const found = change('type-changed', 'updateCategory', 400);
    expect(found).toMatchObject({
      field: ['errors', '[]', 'code'],
      basis: { basis: 'documented', stated: 'errorList' },
    });
    // The same schema in an operation the sentence does not name is the spec's choice.
    expect(change('type-changed', 'upsertConsumerAddress', 400)?.basis.basis).toBe('assumed');
  });

  it('quotes the address row for a removed request media type it states', () => {
    expect(change('request-media-type-removed', 'upsertConsumerAddress')?.basis).toMatchObject({
      basis: 'documented',
      stated: 'addressMediaTypes',
    });
  });
});
