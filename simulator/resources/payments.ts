/** Merchants and their payment providers. */
import { SimulatorError } from '../error-catalogue.ts';
import type { HandlerTable, OperationContext } from '../operation-handler.ts';

interface ProviderUpdate {
  name?: string | null;
  priority?: number | null;
  methods?: string[] | null;
  credentials?: Record<string, unknown> | null;
  acquirer?: Record<string, unknown> | null;
}

export const paymentHandlers: HandlerTable = {
  updateMerchantProvider({ params, body, store }: OperationContext<ProviderUpdate>) {
    const key = `${params.merchantId}/${params.merchantProviderId}`;
    const provider = store.get('providers', key);
    if (!provider) throw new SimulatorError('ProviderNotFound');
    const name = body.name;
    if (typeof name === 'string') {
      const taken = store.findBy('providers', 'merchantId', params.merchantId).some((p) => p.id !== params.merchantProviderId
        && String(p.name).trim().toLowerCase() === name.trim().toLowerCase());
      if (taken) throw new SimulatorError('ProviderNameTaken');
    }
    // Absent and null fields are left as they are (see the spec's MerchantProviderUpdate).
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null && v !== undefined));
    store.put('providers', { ...provider, ...changes });
    return undefined;
  },

  upsertMerchant({ params, body, store }: OperationContext<{ categoryCode: string }>) {
    const existing = store.get('merchants', params.merchantId ?? '');
    store.put('merchants', { ...existing, id: params.merchantId, categoryCode: body.categoryCode });
    return undefined;
  },
};
