/**
 * Names from input are looked up by own keys, and the admin API reads its query strings by its
 * document. Every admin operation is listed from spec/admin-api.openapi.yaml, so a new one is covered:
 * each path parameter, query parameter and top-level body field gets each name of Object.prototype
 * and none answers 500; each integer query parameter given `abc` answers 400 naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDocument } from '../../../contract/index.ts';
import { startTestSimulator, type TestSimulator } from '../../support/sim-harness.ts';

const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

interface Parameter {
  name: string;
  in: string;
  schema?: { type?: string };
}
interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  bodyFields: string[];
}

/** Every admin operation of the document, its parameters' `$ref`s followed. */
function adminOperations(): Operation[] {
  const doc = adminDocument() as unknown as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { parameters: Record<string, Parameter> };
  };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => {
      const op = item[method] as {
        operationId: string;
        parameters?: (Parameter | { $ref: string })[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      };
      const parameters = (op.parameters ?? []).map((p) =>
        '$ref' in p ? (doc.components.parameters[p.$ref.split('/').pop() ?? ''] as Parameter) : p,
      );
      const schema = op.requestBody?.content?.['application/json']?.schema;
      return {
        operationId: op.operationId,
        method,
        path,
        parameters,
        bodyFields: Object.keys(schema?.properties ?? {}),
      };
    }),
  );
}

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());

const urlOf = (op: Operation, name: string, query = '') =>
  `/__sim${op.path.replace(/\{\w+\}/g, encodeURIComponent(name))}${query}`;

describe('names of Object.prototype in the admin API', () => {
  it('answers 400 UnknownProviderState for each, not a 500 (E8)', async () => {
    for (const state of PROTOTYPE_NAMES) {
      const res = await sim.rawAdmin('POST', '/__sim/provider-states', 'default', { state });
      expect(res.statusCode, state).toBe(400);
      expect(res.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe('UnknownProviderState');
    }
  });

  const operations = adminOperations();
  it('lists the admin operations from the document', () => {
    expect(operations.length).toBeGreaterThan(10);
  });

  it('never answers 500 to one in a path parameter, a query parameter or a body field of any operation', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      if (op.operationId === 'clearRequests' || op.operationId === 'resetTenant') continue; // change nothing a name reaches
      for (const name of PROTOTYPE_NAMES) {
        const queries = op.parameters
          .filter((p) => p.in === 'query' && p.name !== 'tenant')
          .map((p) => `?${p.name}=${name}`);
        for (const query of ['', ...queries]) {
          const res = await sim.rawAdmin(op.method.toUpperCase(), urlOf(op, name, query), 'default');
          if (res.statusCode >= 500) failures.push(`${op.operationId} ${query || 'path'} ${name}: ${res.statusCode}`);
        }
        for (const field of op.bodyFields) {
          const res = await sim.rawAdmin(op.method.toUpperCase(), urlOf(op, name), 'default', { [field]: name });
          if (res.statusCode >= 500) failures.push(`${op.operationId} body.${field} ${name}: ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 400 naming the parameter when an integer query parameter is not one', async () => {
    const integers = operations.flatMap((op) =>
      op.parameters.filter((p) => p.in === 'query' && p.schema?.type === 'integer').map((p) => ({ op, name: p.name })),
    );
    expect(integers.map(({ op, name }) => `${op.operationId}.${name}`)).toContain('listRequests.status');
    for (const { op, name } of integers) {
      const res = await sim.rawAdmin(op.method.toUpperCase(), urlOf(op, 'x', `?${name}=abc`), 'default');
      expect(res.statusCode, `${op.operationId} ${name}`).toBe(400);
      expect(res.json<{ errors: { target: string }[] }>().errors[0]?.target).toBe(`query.${name}`);
    }
  });
});
