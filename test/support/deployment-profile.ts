/**
 * What a platform team would put in a target profile, for a simulator standing in for their
 * deployment: tokens per role minted by the simulator (their auth service), fixtures from its demo
 * dataset (records the API cannot create) and coverage areas made deletable by a seeding step.
 */
import { randomUUID } from 'node:crypto';
import { createAdminClient } from '../../client/index.ts';
import { type TargetProfile } from '../../target/index.ts';
import type { AdminCollectionName } from '../../contract/index.ts';

interface DemoRecord {
  id: string;
  merchantId?: string;
  dealerId?: string;
}

/** A profile for `deploymentUrl`, whose records live in `simulatorUrl`'s default tenant (or `tenant`). */
export async function deploymentProfile(
  simulatorUrl: string,
  deploymentUrl: string,
  options: { deletableAreas?: number; tenant?: string } = {},
): Promise<TargetProfile> {
  const admin = createAdminClient({ baseUrl: simulatorUrl, ...(options.tenant ? { tenant: options.tenant } : {}) });
  const mint = async (claims: Record<string, unknown>): Promise<string> =>
    (await admin.mintToken({ scopes: ['*'], ...claims })).accessToken;
  const { collections } = await admin.getState();
  const first = (collection: AdminCollectionName, where: (r: DemoRecord) => boolean = () => true): DemoRecord => {
    // The demo dataset's records of these collections all have an id (and their parent's id).
    const found = (collections[collection] as DemoRecord[] | undefined)?.find(where);
    if (!found) throw new Error(`the demo dataset has no ${collection}`);
    return found;
  };
  const provider = first('providers');
  const otherProvider = first('providers', (p) => p.merchantId === provider.merchantId && p.id !== provider.id);
  const area = first('coverageAreas');
  const dealerId = area.dealerId ?? '';
  const merchantId = provider.merchantId ?? '';
  const consumerId = randomUUID();
  const userId = randomUUID();
  // The seeding step: areas of the dealer the run may delete, each at most once.
  const deletable: string[] = [];
  for (let i = 0; i < (options.deletableAreas ?? 12); i++) {
    const coverageAreaId = randomUUID();
    await admin.setProviderState({
      state: 'a coverage area {coverageAreaId} exists for dealer {dealerId}',
      params: { dealerId, coverageAreaId },
    });
    deletable.push(coverageAreaId);
  }
  const value = async (claims: Record<string, unknown>) => ({ value: await mint(claims) });
  return {
    target: deploymentUrl,
    credentials: {
      token: await value({}),
      tokenWithoutPermission: { value: await mint({ scopes: [] }) },
      expiredToken: await value({ expiresInSeconds: -120 }),
      bound: {
        dealerId: {
          id: dealerId,
          token: await value({ dealerId }),
          otherToken: await value({ dealerId: randomUUID() }),
        },
        merchantId: {
          id: merchantId,
          token: await value({ merchantId }),
          otherToken: await value({ merchantId: randomUUID() }),
        },
        consumerId: {
          id: consumerId,
          token: await value({ consumerId }),
          otherToken: await value({ consumerId: randomUUID() }),
        },
        userId: { id: userId, token: await value({ sub: userId }), otherToken: await value({ sub: randomUUID() }) },
      },
    },
    fixtures: {
      merchantId,
      merchantProviderId: provider.id,
      otherMerchantProviderId: otherProvider.id,
      dealerId,
      coverageAreaId: area.id,
      deletableCoverageAreaIds: deletable,
      categoryId: first('categories').id,
      productId: first('products').id,
    },
  };
}
