/** Merchants and their payment providers. */
import { SimulatorError } from '../error-catalogue.ts';
import type { OperationHandlers } from '../operation-handler.ts';
import { compositeKey } from '../store/collections.ts';

export const paymentHandlers = {
  async updateMerchantProvider({ params, body, store }) {
    const provider = await store.get('providers', compositeKey(params.merchantId, params.merchantProviderId));
    if (!provider) throw new SimulatorError('ProviderNotFound');
    // Absent and null fields are left as they are (see the spec's MerchantProviderUpdate).
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null && v !== undefined));
    // Another provider of the same merchant may not hold the name.
    if (!(await store.putUnique('providers', { ...provider, ...changes }, 'name', 'merchantId')))
      throw new SimulatorError('ProviderNameTaken');
    return undefined;
  },

  async upsertMerchant({ params, body, store }) {
    const existing = await store.get('merchants', params.merchantId);
    await store.put('merchants', { ...existing, id: params.merchantId, categoryCode: body.categoryCode });
    return undefined;
  },
} satisfies Partial<OperationHandlers>;
