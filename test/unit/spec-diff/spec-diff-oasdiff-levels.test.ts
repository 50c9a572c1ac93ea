/**
 * `spec diff` against oasdiff's documented levels, edit by edit on the platform's contract, as the
 * 78-edit comparison of issue 37 was made: each row is one edit, the change it must show and the
 * level oasdiff gives it (ERR breaking, WARN potentially breaking, INFO compatible). The first five
 * rows are the cases that comparison found wrong (three breaking changes missed, two harmless ones
 * called breaking); the rest guard the agreement around them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yaml from 'yaml';
import type { Severity } from '../../../spec-diff/diff-severity.ts';
import { SPEC_PATH } from '../../../contract/index.ts';
import { diffSpecs } from '../../../spec-diff/spec-diff.ts';
import { readSpecVersion } from '../../../contract/spec-version.ts';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edits of a parsed document

const LEVEL: Record<'ERR' | 'WARN' | 'INFO', Severity> = {
  ERR: 'breaking',
  WARN: 'potentially-breaking',
  INFO: 'compatible',
};

let dir: string;
let raw: Doc;
let count = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'spec-diff-levels-'));
  raw = yaml.parse(readFileSync(SPEC_PATH, 'utf8')) as Doc;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The contract written as OpenAPI 3.0 does: `type: [string, 'null']` becomes `type: string, nullable: true`. */
function as30(doc: Doc): Doc {
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    const schema = node as Doc;
    if (Array.isArray(schema.type) && schema.type.includes('null') && schema.type.length === 2) {
      schema.type = schema.type.find((t: string) => t !== 'null');
      schema.nullable = true;
    }
    Object.values(schema).forEach(walk);
  };
  walk(doc);
  return { ...doc, openapi: '3.0.3' };
}

const write = (doc: Doc) => {
  const file = join(dir, `doc-${++count}.json`);
  writeFileSync(file, JSON.stringify(doc));
  return file;
};

interface Edit {
  edit: string;
  /** Prepares both documents (a sunset both versions announce, the 3.0 dialect). */
  both?: (doc: Doc) => Doc;
  revise: (doc: Doc) => void;
  kind: string;
  operation?: string;
  oasdiff: keyof typeof LEVEL;
}

const AREA = '/v1/dealers/{dealerId}/coverage-areas/{coverageAreaId}';
const EDITS: Edit[] = [
  {
    edit: 'the request body of createBrand removed',
    revise: (d) => delete d.paths['/v1/brands'].post.requestBody,
    kind: 'request-body-removed',
    operation: 'createBrand',
    oasdiff: 'ERR',
  },
  {
    edit: "3.0 document: User.cpf's nullable: true made false (a request refuses null)",
    both: (d) => {
      const doc = as30(d);
      doc.components.schemas.User.properties.cpf.nullable = true;
      return doc;
    },
    revise: (d) => (d.components.schemas.User.properties.cpf.nullable = false),
    kind: 'type-narrowed',
    operation: 'upsertUser',
    oasdiff: 'ERR',
  },
  {
    edit: "3.0 document: the user profile's cpf no longer nullable (a response never null)",
    both: as30,
    revise: (d) => delete d.components.schemas.UserProfile.properties.cpf.nullable,
    kind: 'type-narrowed',
    operation: 'getUserProfile',
    oasdiff: 'INFO',
  },
  {
    edit: "the API key's header renamed in components.securitySchemes",
    revise: (d) => (d.components.securitySchemes.apiKeyAuth.name = 'X-Api-Key'),
    kind: 'security-definition-changed',
    oasdiff: 'ERR',
  },
  {
    edit: 'deleteCoverageArea removed after its sunset date',
    both: (d) => ({
      ...d,
      paths: {
        ...d.paths,
        [AREA]: { ...d.paths[AREA], delete: { ...d.paths[AREA].delete, deprecated: true, 'x-sunset': '2025-01-31' } },
      },
    }),
    revise: (d) => delete d.paths[AREA].delete,
    kind: 'operation-removed-after-sunset',
    operation: 'deleteCoverageArea',
    oasdiff: 'INFO',
  },
  {
    edit: "createBrand's 409 removed",
    revise: (d) => delete d.paths['/v1/brands'].post.responses['409'],
    kind: 'response-non-success-status-removed',
    operation: 'createBrand',
    oasdiff: 'INFO',
  },
  {
    edit: "createBrand's 201 replaced by 200",
    revise: (d) => {
      const responses = d.paths['/v1/brands'].post.responses;
      responses['200'] = responses['201'];
      delete responses['201'];
    },
    kind: 'response-success-status-removed',
    operation: 'createBrand',
    oasdiff: 'ERR',
  },
  {
    edit: 'deleteCoverageArea removed before its sunset date',
    both: (d) => ({
      ...d,
      paths: {
        ...d.paths,
        [AREA]: { ...d.paths[AREA], delete: { ...d.paths[AREA].delete, deprecated: true, 'x-sunset': '2999-01-31' } },
      },
    }),
    revise: (d) => delete d.paths[AREA].delete,
    kind: 'operation-removed',
    operation: 'deleteCoverageArea',
    oasdiff: 'ERR',
  },
  {
    edit: 'deleteCoverageArea removed without deprecation',
    revise: (d) => delete d.paths[AREA].delete,
    kind: 'operation-removed',
    operation: 'deleteCoverageArea',
    oasdiff: 'ERR',
  },
  {
    edit: 'User.cpf made required',
    revise: (d) => d.components.schemas.User.required.push('cpf'),
    kind: 'property-became-required',
    operation: 'upsertUser',
    oasdiff: 'ERR',
  },
  {
    edit: 'a required query parameter added to getProduct',
    revise: (d) =>
      d.paths['/v1/products/{productId}'].get.parameters.push({
        name: 'lang',
        in: 'query',
        required: true,
        schema: { type: 'string' },
      }),
    kind: 'parameter-added-required',
    operation: 'getProduct',
    oasdiff: 'ERR',
  },
  {
    edit: "a category name's maxLength lowered",
    revise: (d) => (d.components.schemas.Category.properties.name.maxLength = 5),
    kind: 'constraint-tightened',
    operation: 'updateCategory',
    oasdiff: 'ERR',
  },
  {
    edit: 'deleteCoverageArea deprecated',
    revise: (d) => (d.paths[AREA].delete.deprecated = true),
    kind: 'operation-deprecated',
    operation: 'deleteCoverageArea',
    oasdiff: 'INFO',
  },
  {
    edit: 'a GET added to /v1/brands',
    revise: (d) => (d.paths['/v1/brands'].get = { ...d.paths['/v1/brands'].post, operationId: 'listBrands' }),
    kind: 'operation-added',
    oasdiff: 'INFO',
  },
];

describe("spec diff at oasdiff's levels", () => {
  it.each(EDITS)('$edit: $kind at $oasdiff', async ({ both, revise, kind, operation, oasdiff }) => {
    const prepared = both ? both(structuredClone(raw)) : structuredClone(raw);
    const revised = structuredClone(prepared);
    revise(revised);
    const [base, revision] = await Promise.all([readSpecVersion(write(prepared)), readSpecVersion(write(revised))]);
    const changes = diffSpecs(base, revision).filter(
      (c) => c.kind === kind && (!operation || c.operation?.id === operation),
    );
    expect(changes.map((c) => c.message)).not.toEqual([]);
    expect(changes.map((c) => c.severity)).toEqual(changes.map(() => LEVEL[oasdiff]));
  });
});
