/**
 * The JSON Schema of a simulator snapshot (the `--data` file, `PUT /__sim/state`), so that a bad
 * snapshot is refused with the problem named and the state left as it was.
 */
import { compileOnFirstUse } from '../spec/index.ts';
import type { Snapshot } from './collections.ts';

const id = { type: 'string', minLength: 1 };
const record = (required: string[], properties: Record<string, unknown> = {}) => ({
  type: 'array',
  items: {
    type: 'object',
    required,
    properties: { ...Object.fromEntries(required.map((r) => [r, id])), ...properties },
  },
});

const SNAPSHOT_SCHEMA = {
  type: 'object',
  required: ['version', 'collections'],
  additionalProperties: false,
  properties: {
    version: { const: 1 },
    collections: {
      type: 'object',
      additionalProperties: false,
      properties: {
        merchants: record(['id']),
        providers: record(['merchantId', 'id', 'name'], {
          priority: { type: ['integer', 'null'] },
          methods: { type: ['array', 'null'] },
        }),
        customers: record(['id', 'name']),
        consumerAddresses: record(['consumerId', 'id']),
        dealers: record(['id', 'name']),
        coverageAreas: record(['dealerId', 'id', 'name']),
        devices: record(['userId', 'deviceId']),
        orderEtas: record(['dealerId', 'orderId'], { eta: { type: 'integer' } }),
        users: record(['id', 'name', 'email']),
        categories: record(['id', 'name']),
        brands: record(['id', 'name']),
        products: record(['id', 'name', 'categoryId', 'brandId'], { enabled: { type: 'boolean' } }),
        // Every counter is served from its orderIds: one without them could not be read.
        orderCounters: record(['consumerId', 'orderIds'], { orderIds: { type: 'array', items: id } }),
        appEvents: record(['idMensagem', 'nomeEvento']),
      },
    },
  },
};

const snapshotValidator = compileOnFirstUse<Snapshot>(SNAPSHOT_SCHEMA);

/** Returns the problems of a candidate snapshot, each naming where it is; empty when it is valid. */
export function snapshotProblems(candidate: unknown): string[] {
  const validate = snapshotValidator();
  if (validate(candidate)) return [];
  return (validate.errors ?? []).map((e) => {
    const where = e.instancePath || '(root)';
    if (e.keyword === 'additionalProperties') return `${where}: unknown key "${String(e.params.additionalProperty)}"`;
    return `${where}: ${e.message ?? 'is invalid'}`;
  });
}
