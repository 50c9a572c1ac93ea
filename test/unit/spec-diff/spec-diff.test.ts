/**
 * `spec diff` on the real spec against a copy edited in one way per kind of change: the change's
 * severity and basis, and the committed pact interactions and scenario steps it breaks. Unit tier:
 * the base, the pacts and the suites are read once; each revision is a JSON file in a temp folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yaml from 'yaml';
import { readFileSync } from 'node:fs';
import { pactCalls, stepCalls, type ContractCall } from '../../../spec-diff/contract-calls.ts';
import { impactOf, type BrokenCall } from '../../../spec-diff/contract-impact.ts';
import { DEFAULT_SUITES_DIR } from '../../../scenarios/index.ts';
import { NOT_STATED } from '../../../spec-diff/change-basis.ts';
import { SPEC_PATH } from '../../../contract/index.ts';
import { diffSpecs, type SpecChange } from '../../../spec-diff/spec-diff.ts';
import { readSpecVersion, type SpecVersion } from '../../../contract/spec-version.ts';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edits of a parsed document

let dir: string;
let base: SpecVersion;
let calls: ContractCall[];
let rawBase: Doc;
let count = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spec-diff-'));
  base = await readSpecVersion(SPEC_PATH);
  rawBase = yaml.parse(readFileSync(SPEC_PATH, 'utf8')) as Doc;
  calls = [...pactCalls(), ...stepCalls([DEFAULT_SUITES_DIR])];
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Found = SpecChange & { breaks: BrokenCall[] };

/** The changes from the spec to a copy that `edit` changed, each with the calls it breaks. */
async function diffAfter(edit: (doc: Doc, schemas: Doc, paths: Doc) => void): Promise<Found[]> {
  const doc = structuredClone(rawBase);
  edit(doc, doc.components.schemas as Doc, doc.paths as Doc);
  const file = join(dir, `revision-${++count}.json`);
  writeFileSync(file, JSON.stringify(doc));
  const revision = await readSpecVersion(file);
  const changes = diffSpecs(base, revision);
  const impact = impactOf(changes, calls, base, revision);
  return changes.map((change, i) => ({ ...change, breaks: impact[i] ?? [] }));
}

const only = (found: Found[], kind: string): Found => {
  const matching = found.filter((c) => c.kind === kind);
  expect(matching.map((c) => c.message)).toHaveLength(1);
  return matching[0] as Found;
};
const names = (change: Found, source: 'pact' | 'step') =>
  change.breaks.filter((b) => b.source === source).map((b) => b.name);

const PROVIDER = '/v1/merchants/{merchantId}/providers/{merchantProviderId}';
const AREA = '/v1/dealers/{dealerId}/coverage-areas/{coverageAreaId}';

describe('spec diff', () => {
  it('finds no change between the spec and itself', async () => {
    expect(await diffAfter(() => {})).toEqual([]);
  });

  it('finds no change when a path parameter is only renamed', async () => {
    const found = await diffAfter((_, __, paths) => {
      const item = paths['/v1/products/{productId}'];
      item.get.parameters = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
      paths['/v1/products/{id}'] = item;
      delete paths['/v1/products/{productId}'];
    });
    expect(found).toEqual([]);
  });

  it('reports a removed path as breaking, with every interaction and step that calls it', async () => {
    const change = only(await diffAfter((_, __, paths) => delete paths['/v1/customers/{customerId}']), 'path-removed');
    expect(change).toMatchObject({
      severity: 'breaking',
      operation: { id: 'upsertCustomer' },
      basis: { basis: 'documented' },
    });
    expect(names(change, 'pact')).toContain('a request to update a customer');
    expect(names(change, 'step')).toContain(
      'upsertCustomer: create and update a customer, and each way it refuses › creates a customer with every field',
    );
  });

  it('reports a removed method as breaking, and only the calls of that method', async () => {
    const change = only(await diffAfter((_, __, paths) => delete paths[AREA].delete), 'operation-removed');
    expect(change).toMatchObject({ severity: 'breaking', operation: { id: 'deleteCoverageArea', method: 'DELETE' } });
    expect(names(change, 'pact')).toContain('a request to delete a coverage area of a dealer');
    expect(names(change, 'pact')).not.toContain('a request to rename a coverage area of a dealer');
  });

  it('reports a removed request media type as breaking, with the step that sends it', async () => {
    const found = await diffAfter(
      (_, __, paths) => delete paths['/v1/consumers/{consumerId}/addresses'].put.requestBody.content['text/json'],
    );
    const change = only(found, 'request-media-type-removed');
    expect(change.severity).toBe('breaking');
    expect(change.breaks.map((b) => b.name)).toEqual([
      'upsertConsumerAddress: create and update an address, and each way it refuses › accepts the body as text/json',
    ]);
  });

  it('reports a removed response media type as breaking, with the pacts that expect it', async () => {
    const found = await diffAfter((doc) => {
      const problem = doc.components.responses.Problem as Doc;
      problem.content = { 'application/json': problem.content['application/problem+json'] };
    });
    const change = found.find(
      (c) => c.kind === 'response-media-type-removed' && c.operation?.id === 'receiveAppEvent' && c.status === 400,
    );
    expect(change).toMatchObject({ severity: 'breaking', basis: { basis: 'assumed' } });
    expect(change?.basis.reason).toMatch(/problem\+json/);
    expect(names(change as Found, 'pact')).toEqual(['an application event without its event name']);
  });

  it('reports a request property that became required as breaking, with the steps that leave it out', async () => {
    const change = only(await diffAfter((_, schemas) => schemas.User.required.push('cpf')), 'property-became-required');
    expect(change).toMatchObject({
      severity: 'breaking',
      operation: { id: 'upsertUser' },
      field: ['cpf'],
      basis: { basis: 'assumed' },
    });
    const reasons = change.breaks.map((b) => `${b.name}: ${b.reason}`);
    expect(reasons).toContain(
      'upsertUser: create and update a user, and each way it refuses › updates the user: the revision refuses its request: body.cpf is required (400)',
    );
    // The refusal steps send an otherwise complete body, so a newly required cpf answers none of them first.
    expect(reasons.filter((r) => r.includes('expects 422, but the revision finds the request malformed'))).toEqual([]);
  });

  it('reports a new required parameter as breaking, with every call that does not send it', async () => {
    const found = await diffAfter((_, __, paths) =>
      paths['/v1/products/{productId}'].get.parameters.push({
        name: 'lang',
        in: 'query',
        required: true,
        schema: { type: 'string' },
      }),
    );
    const change = only(found, 'parameter-added-required');
    expect(change.severity).toBe('breaking');
    expect(names(change, 'pact')).toContain('a request to read a product');
    expect(names(change, 'pact')).not.toContain('a request to read a product without credentials');
    expect(names(change, 'step').length).toBeGreaterThan(0);
  });

  it('reports a lowered maxLength of a request as breaking, with the step whose value is now too long', async () => {
    const change = only(
      await diffAfter((_, schemas) => (schemas.Category.properties.name.maxLength = 5)),
      'constraint-tightened',
    );
    // No sentence of the description states a category name's length: the change is the spec's own.
    expect(change).toMatchObject({
      severity: 'breaking',
      field: ['name'],
      basis: { basis: 'assumed', reason: NOT_STATED },
    });
    expect(names(change, 'step')).toContain(
      'Journey: a catalogue edit shows in product reads › renames the category and describes it',
    );
  });

  it('reports a raised minimum, an added pattern or format and a narrowed enum of a request as breaking', async () => {
    const found = await diffAfter((_, schemas) => {
      schemas.OrderEta.properties.eta.minimum = 60;
      schemas.Device.properties.deviceId.pattern = '^ios-';
      schemas.CountryCode.enum = (schemas.CountryCode.enum as string[]).filter((c) => c !== 'BR');
      schemas.Brand.properties.name.format = 'uuid';
    });
    const format = found.find((c) => c.operation?.id === 'createBrand' && c.kind === 'constraint-tightened');
    expect(format).toMatchObject({
      severity: 'breaking',
      field: ['name'],
      message: 'request body: format of name added: uuid',
    });
    expect(format?.breaks.filter((b) => b.source === 'pact').map((b) => `${b.name}: ${b.reason}`)).toEqual([
      'a request to create a brand: the revision refuses its request: body.name must match format "uuid" (400)',
      'a request to create a brand whose name is taken: the revision refuses its request: body.name must match format "uuid" (400)',
      'a request to create a brand with an empty name: expects 422, but the revision finds the request malformed (400): body.name must match format "uuid"',
    ]);
    const eta = found.find((c) => c.operation?.id === 'updateOrderEta' && c.kind === 'constraint-tightened');
    expect(eta).toMatchObject({
      severity: 'breaking',
      basis: { basis: 'assumed', reason: 'An estimate cannot be negative.' },
    });
    expect(eta?.breaks.some((b) => b.reason.includes('body.eta must be >= 60'))).toBe(true);
    const pattern = found.find((c) => c.operation?.id === 'registerDealerDevice' && c.kind === 'constraint-tightened');
    expect(names(pattern as Found, 'pact')).toContain('a request to register the device of a dealer user');
    const country = found.find(
      (c) => c.operation?.id === 'upsertConsumerAddress' && c.kind === 'enum-narrowed' && c.in === 'request',
    );
    expect(country).toMatchObject({ severity: 'breaking', field: ['country'], basis: { basis: 'assumed' } });
    expect(names(country as Found, 'pact')).toContain('a request to upsert an address of a consumer');
  });

  it('reports a request schema closed to unknown properties as breaking', async () => {
    const found = await diffAfter((_, schemas) => {
      schemas.Brand.additionalProperties = false;
      delete schemas.Brand.properties.description;
    });
    expect(only(found, 'additional-properties-closed').severity).toBe('breaking');
    const removed = only(found, 'property-removed');
    expect(removed.severity).toBe('breaking');
    expect(names(removed, 'pact')).toContain('a request to create a brand');
  });

  it('reports a loosened request constraint as compatible, but names the 422 cases it leaves without a refusal', async () => {
    const change = only(
      await diffAfter((_, schemas) => delete schemas.OrderEta.properties.eta.minimum),
      'constraint-loosened',
    );
    expect(change.severity).toBe('compatible');
    expect(change.breaks.map((b) => b.reason)).toContain('expects 422, but the revision accepts body.eta');
  });

  it('reports loosened response constraints as breaking', async () => {
    const found = await diffAfter((_, schemas) => {
      delete schemas.OrderCounter.properties.orderCount.minimum;
      schemas.ErrorList.properties.errors.items.properties.code.maxLength = 10;
    });
    const loosened = only(found, 'constraint-loosened');
    expect(loosened).toMatchObject({ severity: 'breaking', in: 'response', status: 200, field: ['orderCount'] });
    expect(loosened.basis.basis).toBe('assumed');
    expect(found.filter((c) => c.kind === 'constraint-tightened').every((c) => c.severity === 'compatible')).toBe(true);
  });

  it('reports a removed response property as breaking, with the pact that carries it and the step that reads it', async () => {
    const found = await diffAfter((_, schemas) => {
      delete schemas.Product.properties.imageUrl;
      delete schemas.Product.properties.category.properties.name;
    });
    const image = found.find((c) => c.kind === 'property-removed' && c.field?.join('.') === 'data.imageUrl');
    expect(image?.severity).toBe('breaking');
    expect(image?.breaks.map((b) => b.name)).toEqual(['a request to read a product']);
    const category = found.find((c) => c.kind === 'property-removed' && c.field?.join('.') === 'data.category.name');
    expect(names(category as Found, 'step')).toContain(
      'Journey: a catalogue edit shows in product reads › the product shows the new category name and description',
    );
  });

  it('reports a removed error status as compatible, as oasdiff does, still naming the pact and steps that expect it', async () => {
    const change = only(
      await diffAfter((_, __, paths) => delete paths[PROVIDER].put.responses['409']),
      'response-non-success-status-removed',
    );
    expect(change).toMatchObject({ severity: 'compatible', status: 409 });
    expect(names(change, 'pact')).toEqual([
      'a request to rename a provider to the name of another provider of the merchant',
    ]);
    expect(names(change, 'step')).toHaveLength(2);
  });

  it('reports changed types of a request and a response as breaking, with what sends or reads them', async () => {
    const found = await diffAfter((_, schemas) => {
      schemas.AppEvent.properties.idMensagem.type = 'integer';
      schemas.OrderCounter.properties.orderCount.type = 'string';
    });
    const request = found.find((c) => c.operation?.id === 'receiveAppEvent' && c.kind === 'type-changed');
    expect(request?.severity).toBe('breaking');
    expect(names(request as Found, 'pact')).toContain('an application event');
    const response = found.find((c) => c.operation?.id === 'incrementOrderCounter' && c.kind === 'type-changed');
    expect(response).toMatchObject({ severity: 'breaking', in: 'response' });
    expect(names(response as Found, 'pact')).toContain('a request to count a new order of a consumer');
    expect(response?.breaks.some((b) => b.source === 'step' && b.reason === 'reads $.orderCount')).toBe(true);
  });

  it('reports a widened response enum as potentially breaking and a widened request type as compatible', async () => {
    const found = await diffAfter((_, schemas) => {
      schemas.CountryCode.enum = [...(schemas.CountryCode.enum as string[]), 'XK'];
      schemas.OrderEta.properties.eta.type = 'number';
    });
    const response = found.find((c) => c.kind === 'enum-widened' && c.in === 'response');
    expect(response?.severity).toBe('potentially-breaking');
    expect(found.find((c) => c.kind === 'type-widened')?.severity).toBe('compatible');
  });

  it('reports an added scope as breaking, with the pacts of the partner app and the steps whose own token lacks it', async () => {
    const found = await diffAfter((_, __, paths) => {
      paths[PROVIDER].put.security = [{ bearerAuth: ['payments:write', 'payments:admin'] }];
      paths['/v1/brands'].post.security = [{ bearerAuth: ['catalog:write', 'catalog:admin'] }];
    });
    const provider = found.find(
      (c) => c.kind === 'security-scope-added' && c.operation?.id === 'updateMerchantProvider',
    );
    expect(provider).toMatchObject({ severity: 'breaking', basis: { basis: 'assumed' } });
    expect(names(provider as Found, 'pact')).toContain('a request to update a provider of a merchant');
    // A 401 case sends no token worth scoping.
    expect(names(provider as Found, 'pact').some((n) => n.includes('without credentials'))).toBe(false);
  });

  it('reports credentials of another scheme as breaking, with the pacts that send the API key', async () => {
    const found = await diffAfter((_, __, paths) => {
      paths['/v1/consumers/orders/counter'].post.security = [{ bearerAuth: ['consumers:write'] }];
    });
    const change = only(found, 'security-scheme-changed');
    expect(change.severity).toBe('breaking');
    expect(names(change, 'pact')).toEqual([
      'a request to count a new order of a consumer',
      'a request to count an order that was already counted',
      'a request to count an order whose identifier is not a UUID',
    ]);
  });

  it('reports a security requirement on an operation that had none as breaking', () => {
    const documentWith = (security?: unknown) => {
      const op = {
        operationId: 'ping',
        responses: { '204': { description: 'pong' } },
        ...(security ? { security } : {}),
      };
      const document = { openapi: '3.1.0', paths: { '/ping': { get: op } }, components: {} };
      return { raw: document, document };
    };
    const [change] = diffSpecs(documentWith(), documentWith([{ bearerAuth: ['ping:read'] }]));
    expect(change).toMatchObject({
      kind: 'security-added',
      severity: 'breaking',
      message: 'the operation now requires bearerAuth [ping:read]',
      basis: { basis: 'documented' },
    });
  });

  it('reports added operations, statuses and optional properties as compatible, breaking nothing', async () => {
    const found = await diffAfter((_, schemas, paths) => {
      paths['/v1/brands'].get = { ...paths['/v1/brands'].post, operationId: 'listBrands' };
      paths['/v1/products/{productId}'].get.responses['429'] = { $ref: '#/components/responses/ErrorList' };
      schemas.Brand.properties.slogan = { type: 'string' };
    });
    expect(found.map((c) => c.kind).sort()).toEqual(['operation-added', 'property-added', 'response-status-added']);
    expect(found.every((c) => c.severity === 'compatible' && c.breaks.length === 0)).toBe(true);
  });
});
