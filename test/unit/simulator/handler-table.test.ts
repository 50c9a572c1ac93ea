/**
 * The simulator's handler table follows the OpenAPI document: the compile-time half (tsc covers this
 * file) says a table missing an operation, a handler for an unknown operation or a body field the spec
 * does not have do not type-check; the run-time half says every operation of the document has a route.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  loadContract,
  type OperationId,
  type PathParamsOf,
  type RequestBodyOf,
  type Schema,
  type SuccessBodyOf,
} from '../../../contract/index.ts';
import type { OperationHandler, OperationHandlers } from '../../../simulator/operation-handler.ts';
import { HANDLERS } from '../../../simulator/resources/index.ts';
import { startTestSimulator, type TestSimulator } from '../../support/sim-harness.ts';

const contract = await loadContract();

describe('handler table types (checked by tsc)', () => {
  it('a table missing an operation is not a handler table', () => {
    const { getProduct: _left, ...incomplete } = HANDLERS;
    // @ts-expect-error getProduct is missing
    const table: OperationHandlers = incomplete;
    expect(Object.keys(table)).not.toContain('getProduct');
  });

  it('a handler for an operation the document does not have is refused', () => {
    const extra = {
      // @ts-expect-error notAnOperation is no operationId of the document
      async notAnOperation() {
        return undefined;
      },
    } satisfies Partial<OperationHandlers>;
    expect(Object.keys(extra)).toEqual(['notAnOperation']);
  });

  it('bodies, parameters and success bodies come from the document', () => {
    expectTypeOf<RequestBodyOf<'upsertUser'>>().toEqualTypeOf<Schema<'User'>>();
    expectTypeOf<RequestBodyOf<'receiveAppEvent'>>().toEqualTypeOf<Schema<'AppEvent'>>();
    expectTypeOf<RequestBodyOf<'getProduct'>>().toBeNever();
    expectTypeOf<PathParamsOf<'updateCoverageArea'>>().toEqualTypeOf<{ coverageAreaId: string; dealerId: string }>();
    expectTypeOf<SuccessBodyOf<'getProduct'>>().toEqualTypeOf<Schema<'ProductResponse'>>();
    expectTypeOf<SuccessBodyOf<'upsertUser'>>().toEqualTypeOf<undefined>();
    const wrong: OperationHandler<'updateOrderEta'> = async ({ body }) => {
      // @ts-expect-error OrderEta has no field minutes
      void body.minutes;
      return undefined;
    };
    const wrongSuccess: OperationHandler<'incrementOrderCounter'> = async ({ body }) =>
      // @ts-expect-error OrderCounter's orderCount is a number
      ({ consumerId: body.consumerId, orderCount: 'one' });
    expect([wrong, wrongSuccess]).toHaveLength(2);
  });
});

describe('handler table at run time', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.close());

  it('has one handler per operation of the document, and no other', () => {
    const ids: string[] = contract.operations.map((op) => op.id);
    expect(Object.keys(HANDLERS).sort()).toEqual([...ids].sort());
    expectTypeOf<keyof typeof HANDLERS>().toEqualTypeOf<OperationId>();
  });

  it('routes every operation of the document', () => {
    const missing = contract.operations.filter(
      (op) => !sim.simulator.app.hasRoute({ method: op.method, url: op.path.replace(/\{(\w+)\}/g, ':$1') }),
    );
    expect(missing.map((op) => op.id)).toEqual([]);
  });
});
