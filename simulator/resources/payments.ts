/** Merchants and their payment providers. */
import { SimulatorError } from '../error-catalogue.ts';
import type { HandlerTable, OperationContext } from '../operation-handler.ts';
import { compositeKey } from '../store.ts';

interface ProviderUpdate {
  name?: string | null;
  priority?: number | null;
  methods?: string[] | null;
  credentials?: Record<string, unknown> | null;
  acquirer?: Record<string, unknown> | null;
}

export const paymentHandlers: HandlerTable = {
  async updateMerchantProvider({ params, body, store }: OperationContext<ProviderUpdate>) {
    const provider = await store.get('providers', compositeKey(params.merchantId, params.merchantProviderId));
    if (!provider) throw new SimulatorError('ProviderNotFound');
    // Absent and null fields are left as they are (see the spec's MerchantProviderUpdate).
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null && v !== undefined));
    // Another provider of the same merchant may not hold the name.
    if (!(await store.putUnique('providers', { ...provider, ...changes }, 'name', 'merchantId'))) throw new SimulatorError('ProviderNameTaken');
    return undefined;
  },

  async upsertMerchant({ params, body, store }: OperationContext<{ categoryCode: string }>) {
    const existing = await store.get('merchants', params.merchantId ?? '');
    await store.put('merchants', { ...existing, id: params.merchantId, categoryCode: body.categoryCode });
    return undefined;
  },
};
