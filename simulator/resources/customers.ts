/** Customer records: an upsert replaces the record with the body. */
import type { OperationHandlers } from '../operation-handler.ts';

export const customerHandlers = {
  async upsertCustomer({ params, body, store }) {
    await store.put('customers', { ...body, id: params.customerId });
    return undefined;
  },
} satisfies Partial<OperationHandlers>;
