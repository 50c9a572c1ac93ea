/** Every operation's handler, by operationId: an operation of the document without one does not compile. */
import type { OperationHandlers } from '../operation-handler.ts';
import { catalogHandlers } from './catalog.ts';
import { consumerHandlers } from './consumers.ts';
import { customerHandlers } from './customers.ts';
import { dealerHandlers } from './dealers.ts';
import { integrationHandlers } from './integration.ts';
import { paymentHandlers } from './payments.ts';
import { userHandlers } from './users.ts';

export const HANDLERS: OperationHandlers = {
  ...paymentHandlers,
  ...customerHandlers,
  ...consumerHandlers,
  ...dealerHandlers,
  ...userHandlers,
  ...catalogHandlers,
  ...integrationHandlers,
};
