/** Every operation's handler, by operationId. */
import type { HandlerTable } from '../operation-handler.ts';
import { catalogHandlers } from './catalog.ts';
import { consumerHandlers } from './consumers.ts';
import { customerHandlers } from './customers.ts';
import { dealerHandlers } from './dealers.ts';
import { integrationHandlers } from './integration.ts';
import { paymentHandlers } from './payments.ts';
import { userHandlers } from './users.ts';

export const HANDLERS: HandlerTable = {
  ...paymentHandlers, ...customerHandlers, ...consumerHandlers, ...dealerHandlers, ...userHandlers, ...catalogHandlers, ...integrationHandlers,
};
