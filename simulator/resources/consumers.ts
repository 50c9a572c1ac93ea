/** Consumer addresses and the consumer order counter. */
import { randomUUID } from 'node:crypto';
import type { OperationHandlers } from '../operation-handler.ts';
import { addOnce } from '../store/record-store.ts';

export const consumerHandlers = {
  async upsertConsumerAddress({ params, body, store }) {
    const address = { ...body, id: body.id ?? randomUUID() };
    await store.put('consumerAddresses', { ...address, consumerId: params.consumerId });
    return address;
  },

  async incrementOrderCounter({ body, store }) {
    // Counting is idempotent per order: a retried increment must not count the order twice.
    const orderCount = await addOnce(
      store,
      'orderCounters',
      { consumerId: body.consumerId, orderIds: [] },
      'orderIds',
      body.orderId,
    );
    return { consumerId: body.consumerId, orderCount };
  },
} satisfies Partial<OperationHandlers>;
