/** Dealer coverage areas, delivery estimates and the devices of dealer users. */
import { SimulatorError } from '../error-catalogue.ts';
import type { OperationHandlers } from '../operation-handler.ts';
import { compositeKey } from '../store/collections.ts';

export const dealerHandlers = {
  async updateCoverageArea({ params, body, store }) {
    if (body.coverageAreaId !== undefined && body.coverageAreaId !== params.coverageAreaId) {
      throw new SimulatorError('IdMismatch', {
        target: 'body.coverageAreaId',
        message: 'body.coverageAreaId does not match the coverageAreaId of the path.',
      });
    }
    if (body.dealerId !== undefined && body.dealerId !== params.dealerId) {
      throw new SimulatorError('IdMismatch', {
        target: 'body.dealerId',
        message: 'body.dealerId does not match the dealerId of the path.',
      });
    }
    const area = await store.get('coverageAreas', compositeKey(params.dealerId, params.coverageAreaId));
    if (!area) throw new SimulatorError('CoverageAreaNotFound');
    await store.put('coverageAreas', { ...area, name: body.name });
    return undefined;
  },

  async deleteCoverageArea({ params, store }) {
    if (!(await store.delete('coverageAreas', compositeKey(params.dealerId, params.coverageAreaId))))
      throw new SimulatorError('CoverageAreaNotFound');
    return undefined;
  },

  async registerDealerDevice({ params, body, store }) {
    await store.put('devices', { ...body, userId: params.userId });
    return undefined;
  },

  async updateOrderEta({ params, body, store }) {
    if (!(await store.has('dealers', params.dealerId))) throw new SimulatorError('DealerNotFound');
    await store.put('orderEtas', {
      dealerId: params.dealerId,
      orderId: params.orderId,
      eta: body.eta,
      updatedAt: new Date().toISOString(),
    });
    return undefined;
  },
} satisfies Partial<OperationHandlers>;
