/** Consumer addresses and the consumer order counter. */
import { randomUUID } from 'node:crypto';
import type { HandlerTable, OperationContext } from '../operation-handler.ts';

export const consumerHandlers: HandlerTable = {
  upsertConsumerAddress({ params, body, store }: OperationContext<Record<string, unknown> & { id?: string }>) {
    const address = { ...body, id: body.id ?? randomUUID() };
    store.put('consumerAddresses', { ...address, consumerId: params.consumerId });
    return address;
  },

  incrementOrderCounter({ body, store }: OperationContext<{ consumerId: string; orderId: string }>) {
    const counter = store.get('orderCounters', body.consumerId) ?? { consumerId: body.consumerId, orderIds: [] };
    const orderIds = counter.orderIds as string[];
    // Counting is idempotent per order: a retried increment must not count the order twice.
    if (!orderIds.includes(body.orderId)) store.put('orderCounters', { ...counter, orderIds: [...orderIds, body.orderId] });
    return { consumerId: body.consumerId, orderCount: (store.get('orderCounters', body.consumerId)?.orderIds as string[]).length };
  },
};
