/**
 * Stateful sequence: order counter increments. The count a consumer gets back is the number of
 * distinct orderIds counted for it; counting an orderId again changes nothing (idempotency).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Contract } from '../contract/index.ts';
import { successOf, statusAssumption, type SequenceCommand, type SequenceDefinition } from './sequence-definition.ts';
import type { SequenceSession } from './sequence-session.ts';

interface CounterModel {
  consumers: string[];
  orders: string[];
  counted: Map<number, Set<number>>;
}

class CountOrder implements SequenceCommand<CounterModel> {
  constructor(
    readonly contract: Contract,
    readonly consumer: number,
    readonly order: number,
  ) {}
  check = () => true;
  async run(model: CounterModel, real: SequenceSession): Promise<void> {
    const success = successOf(this.contract, 'incrementOrderCounter');
    const consumerId = model.consumers[this.consumer] ?? '';
    const orders = new Set(model.counted.get(this.consumer));
    orders.add(this.order);
    const response = await real.call('incrementOrderCounter', {
      name: this.toString(),
      body: { consumerId, orderId: model.orders[this.order] },
      expected: [success],
      json: [{ path: '$.orderCount', equals: orders.size }],
    });
    // A refused count counts nothing.
    if (response.status < 300) model.counted.set(this.consumer, orders);
    if (response.status !== success) return;
    const body = response.body as { consumerId?: unknown; orderCount?: unknown };
    real.expect(
      body.consumerId === consumerId && body.orderCount === orders.size,
      `${this.toString()}: answered ${JSON.stringify(body)}, expected orderCount ${orders.size} for ${consumerId}`,
      statusAssumption(this.contract, 'incrementOrderCounter', success),
    );
  }
  toString = () => `incrementOrderCounter(consumer ${this.consumer}, order ${this.order})`;
}

export const orderCounterSequence: SequenceDefinition<CounterModel> = {
  name: 'order-counter',
  rule: 'the order count is the number of distinct orderIds counted for the consumer; a repeated orderId is not counted twice',
  operations: ['incrementOrderCounter'],
  async setup(real) {
    if (real.target.simulator) await real.resetTenant();
    return {
      consumers: [randomUUID(), randomUUID()],
      orders: [randomUUID(), randomUUID(), randomUUID()],
      counted: new Map(),
    };
  },
  commands(contract) {
    return [
      fc
        .tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 2 }))
        .map(([c, o]): SequenceCommand<CounterModel> => new CountOrder(contract, c, o)),
    ];
  },
};
