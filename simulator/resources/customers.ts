/** Customer records: an upsert replaces the record with the body. */
import type { HandlerTable, OperationContext } from '../operation-handler.ts';

export const customerHandlers: HandlerTable = {
  async upsertCustomer({ params, body, store }: OperationContext<Record<string, unknown>>) {
    await store.put('customers', { ...body, id: params.customerId });
    return undefined;
  },
};
