/**
 * The generic provider state `the resources named in {path} exist`, which fuzzers and scenarios use:
 * every resource a request path names (merchant, provider, dealer, coverage area, category, product,
 * user) is created, so that the request finds what it names.
 */
import { randomUUID } from 'node:crypto';
import type { Contract } from '../../contract/index.ts';
import { compositeKey } from '../store/collections.ts';
import { SimulatorError } from '../error-catalogue.ts';
import type { RecordStore } from '../store/record-store.ts';
import {
  ensureDealer,
  ensureMerchant,
  putCategory,
  putProduct,
  putProvider,
  putUser,
  short,
  type StateParams,
} from './provider-state-records.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path segment percent-decoded; a bad escape (`%zz`, `%E0%A4`) is the client's error, a 400. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new SimulatorError('InvalidAdminRequest', {
      target: 'body.params.path',
      message: `The path segment "${segment.slice(0, 100)}" has a bad percent escape.`,
    });
  }
}

/** Creates whatever a request path names (the generic state fuzzers and scenarios use). */
export async function createResourcesOfPath(
  store: RecordStore,
  path: string,
  contract: Contract,
): Promise<StateParams> {
  const pathOnly = path.split('?')[0] ?? path;
  for (const op of contract.operations) {
    const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    const regex = new RegExp(`^${op.path.replace(/\{\w+\}/g, '([^/]+)')}$`);
    const match = regex.exec(pathOnly);
    if (!match) continue;
    const decoded = names.map((n, i) => [n, decodeSegment(match[i + 1] ?? '')] as const);
    const p: StateParams = Object.fromEntries(decoded);
    // Products and profiles are read back with an id the spec types as a UUID: a path naming another
    // id creates nothing, so its read stays 404 instead of answering a body that breaks its schema.
    for (const name of ['productId', 'userId']) if (p[name] !== undefined && !UUID.test(p[name] ?? '')) delete p[name];
    if (p.merchantId) await ensureMerchant(store, p.merchantId);
    if (
      p.merchantId &&
      p.merchantProviderId &&
      !(await store.has('providers', compositeKey(p.merchantId, p.merchantProviderId)))
    ) {
      await putProvider(store, p.merchantId, p.merchantProviderId, `Provider ${short(p.merchantProviderId)}`, 1);
    }
    if (p.dealerId) await ensureDealer(store, p.dealerId);
    if (p.dealerId && p.coverageAreaId)
      await store.put('coverageAreas', { dealerId: p.dealerId, id: p.coverageAreaId, name: 'Área criada' });
    if (p.categoryId) await putCategory(store, p);
    if (p.productId) await putProduct(store, { categoryId: randomUUID(), brandId: randomUUID(), ...p });
    if (p.userId && !(await store.has('users', p.userId)))
      await putUser(store, { email: `user-${short(p.userId)}@example.com`, ...p });
    return { ...Object.fromEntries(decoded), path, created: Object.keys(p).join(',') };
  }
  return { path };
}
