/**
 * Provider states on a deployment that has no states endpoint: each state is set up through the
 * platform's own operations where they can create it (merchants, customers, users, brands, counted
 * orders, events), from the profile's fixtures where they cannot (providers, dealers, coverage
 * areas, categories, products), and with fresh ids for "no X exists". A state that needs a fixture
 * the profile lacks is unavailable, naming the profile key that would give it. The states and the
 * fixtures each needs are the registry's (contract/provider-states.ts); each call's method, path,
 * credentials and media type are the spec's.
 */
import { randomUUID } from 'node:crypto';
import { excerpt } from '../report/index.ts';
import {
  findProviderState,
  hasOwnKey,
  loadContract,
  PROVIDER_STATES,
  type OperationId,
  type TargetState,
} from '../contract/index.ts';
import { send, type HttpResponse } from '../client/http-client.ts';
import type { TargetFixtures } from './target-profile.ts';
import type { TargetSession } from './target-session.ts';

export type StateParams = Record<string, string>;
export type StateOutcome = { values: StateParams } | { unavailable: string };

/** What the run has used up of the profile's one-time fixtures (deletable areas), shared by its checkers. */
export interface FixtureLedger {
  usedDeletableAreas: Set<string>;
}

type StateSetUp = (ctx: DeploymentStateContext, p: StateParams) => Promise<StateOutcome>;

interface DeploymentStateContext {
  session: TargetSession;
  ledger: FixtureLedger;
  /** Calls an operation of the spec (its method, path, credentials and media type from there). */
  call(operationId: OperationId, pathParams: Record<string, string>, body?: unknown): Promise<HttpResponse>;
  /** Throws unless the answer is a 2xx or one of `alsoOk` (see `expectSuccess`). */
  expectSuccess(res: HttpResponse, what: string, alsoOk?: number[]): void;
}

const unavailable = (key: string): StateOutcome => ({ unavailable: `fixtures.${key}` });
const runTag = () => randomUUID().slice(0, 8);

/**
 * A deployment refused (4xx) a set-up request: for a reason the description may leave open (a field it
 * requires, a format, a conflict), so the checks that needed the state are skipped, not failed.
 */
export class SetUpRefused extends Error {
  override name = 'SetUpRefused';
}

/**
 * Throws unless the answer is a 2xx (which one is mostly the deployment's choice) or one of `alsoOk`,
 * quoting its head with the run's secrets redacted: a refusal as SetUpRefused, anything else (a 401
 * to the profile's token, a 5xx) as an Error, which breaks a documented rule.
 */
function expectSuccess(res: HttpResponse, what: string, secrets: readonly string[], alsoOk: number[] = []): void {
  if ((res.status >= 200 && res.status < 300) || alsoOk.includes(res.status)) return;
  const message = `${what} answered ${res.status}: ${excerpt(res.text, 200, secrets)}`;
  // A 401 to the profile's valid token breaks the stated 401 rule, like a 5xx; other refusals may rest on open rules.
  throw res.status >= 400 && res.status < 500 && res.status !== 401 ? new SetUpRefused(message) : new Error(message);
}

/**
 * Sends a set-up request with a generated value, and with fresh ones (up to three) while the deployment
 * refuses it with 400, 409 or 422: a name it already holds, or a value it reads another way.
 */
async function withFreshValue(
  given: string | undefined,
  fresh: () => string,
  send: (value: string) => Promise<HttpResponse>,
): Promise<{ value: string; res: HttpResponse }> {
  let value = given ?? fresh();
  let res = await send(value);
  for (let tries = 1; given === undefined && tries < 3 && [400, 409, 422].includes(res.status); tries++) {
    value = fresh();
    res = await send(value);
  }
  return { value, res };
}

/** Names an existing provider through the platform's own provider update. */
async function renameProvider(
  ctx: DeploymentStateContext,
  merchantId: string,
  merchantProviderId: string,
  name: string,
): Promise<void> {
  ctx.expectSuccess(
    await ctx.call('updateMerchantProvider', { merchantId, merchantProviderId }, { name }),
    `renaming provider ${merchantProviderId}`,
  );
}

async function createMerchant(ctx: DeploymentStateContext, p: StateParams): Promise<string> {
  const merchantId = p.merchantId ?? randomUUID();
  ctx.expectSuccess(
    await ctx.call('upsertMerchant', { merchantId }, { categoryCode: '5983' }),
    `creating merchant ${merchantId}`,
  );
  return merchantId;
}

async function createUser(ctx: DeploymentStateContext, p: StateParams): Promise<StateOutcome> {
  const userId = p.userId ?? randomUUID();
  const email = p.email ?? `user-${runTag()}@example.com`;
  const name = p.name ?? 'Pact User';
  const res = await ctx.call(
    'upsertUser',
    {},
    { id: userId, name, email, cellPhone: '+5511900000000', cpf: '52998224725' },
  );
  ctx.expectSuccess(res, `creating user ${userId}`);
  return { values: { ...p, userId, email, name } };
}

/** A coverage area the run may rename (fixtures.coverageAreaId), or with `deletable` one it may delete, still there. */
async function coverageArea(ctx: DeploymentStateContext, p: StateParams): Promise<StateOutcome> {
  const { dealerId, coverageAreaId, deletableCoverageAreaIds } = ctx.session.target.fixtures;
  if (!dealerId) return unavailable('dealerId');
  // Every field the description lists, so that no required-field rule of the deployment answers first.
  const rename = (id: string) =>
    withFreshValue(
      p.name,
      () => `Area ${runTag()}`,
      (name) =>
        ctx.call('updateCoverageArea', { dealerId, coverageAreaId: id }, { coverageAreaId: id, dealerId, name }),
    );
  if (p.deletable === undefined) {
    if (!coverageAreaId) return unavailable('coverageAreaId');
    const { value: name, res } = await rename(coverageAreaId);
    ctx.expectSuccess(res, `renaming coverage area ${coverageAreaId}`);
    return { values: { ...p, dealerId, coverageAreaId, name } };
  }
  for (const id of deletableCoverageAreaIds ?? []) {
    if (ctx.ledger.usedDeletableAreas.has(id)) continue;
    ctx.ledger.usedDeletableAreas.add(id);
    // An area an earlier run deleted answers 404: try the next one.
    const { value: name, res } = await rename(id);
    if (res.status === 404) continue;
    ctx.expectSuccess(res, `renaming coverage area ${id}`);
    return { values: { ...p, dealerId, coverageAreaId: id, name } };
  }
  return {
    unavailable: 'fixtures.deletableCoverageAreaIds (every area listed is used or already deleted: list fresh ones)',
  };
}

/** Every state of the registry (contract/provider-states.ts) the platform's own operations can set up. */
const STATES: Record<Exclude<TargetState, StatesUrlOnly>, StateSetUp> = {
  'a merchant {merchantId} exists': async (ctx, p) => ({ values: { ...p, merchantId: await createMerchant(ctx, p) } }),
  'a merchant {merchantId} with provider {providerId} exists': async (ctx, p) => {
    const { merchantId, merchantProviderId } = ctx.session.target.fixtures;
    if (!merchantId) return unavailable('merchantId');
    if (!merchantProviderId) return unavailable('merchantProviderId');
    const name = p.name ?? `Provider ${runTag()}`;
    await renameProvider(ctx, merchantId, merchantProviderId, name);
    return { values: { ...p, merchantId, providerId: merchantProviderId, name } };
  },
  'a merchant {merchantId} with provider {providerId} and another provider named {otherName} exists': async (
    ctx,
    p,
  ) => {
    const { merchantId, merchantProviderId, otherMerchantProviderId } = ctx.session.target.fixtures;
    if (!merchantId) return unavailable('merchantId');
    if (!merchantProviderId) return unavailable('merchantProviderId');
    if (!otherMerchantProviderId) return unavailable('otherMerchantProviderId');
    const name = p.name ?? `Provider ${runTag()}`;
    const otherName = p.otherName ?? `Provider ${runTag()}`;
    // The first provider leaves the other's name free before the other takes it.
    await renameProvider(ctx, merchantId, merchantProviderId, `Provider ${runTag()}`);
    await renameProvider(ctx, merchantId, otherMerchantProviderId, otherName);
    await renameProvider(ctx, merchantId, merchantProviderId, name);
    return {
      values: {
        ...p,
        merchantId,
        providerId: merchantProviderId,
        otherProviderId: otherMerchantProviderId,
        name,
        otherName,
      },
    };
  },
  'no provider {providerId} exists for merchant {merchantId}': async (ctx, p) => {
    const merchantId = ctx.session.target.fixtures.merchantId ?? (await createMerchant(ctx, {}));
    return { values: { ...p, merchantId, providerId: randomUUID() } };
  },
  'a dealer {dealerId} exists': async (ctx, p) => {
    const { dealerId } = ctx.session.target.fixtures;
    return dealerId ? { values: { ...p, dealerId } } : unavailable('dealerId');
  },
  'no dealer {dealerId} exists': async (_ctx, p) => ({ values: { ...p, dealerId: randomUUID() } }),
  'a coverage area {coverageAreaId} exists for dealer {dealerId}': coverageArea,
  'no coverage area {coverageAreaId} exists for dealer {dealerId}': async (ctx, p) => ({
    values: { ...p, dealerId: ctx.session.target.fixtures.dealerId ?? randomUUID(), coverageAreaId: randomUUID() },
  }),
  'a category {categoryId} exists': async (ctx, p) => {
    const { categoryId } = ctx.session.target.fixtures;
    if (!categoryId) return unavailable('categoryId');
    const { value: categoryName, res } = await withFreshValue(
      p.categoryName,
      () => `Category ${runTag()}`,
      (name) => ctx.call('updateCategory', { categoryId }, { categoryId, name, description: 'Renamed by gas-harness' }),
    );
    ctx.expectSuccess(res, `renaming category ${categoryId}`);
    return { values: { ...p, categoryId, categoryName } };
  },
  'no category {categoryId} exists': async (_ctx, p) => ({ values: { ...p, categoryId: randomUUID() } }),
  'a product {productId} exists': async (ctx, p) => {
    const { productId } = ctx.session.target.fixtures;
    if (!productId) return unavailable('productId');
    // The product's category and brand are read back through the platform's own read.
    const res = await ctx.call('getProduct', { productId });
    ctx.expectSuccess(res, `reading product ${productId}`);
    const data =
      (
        res.body as
          | {
              data?: {
                name?: string;
                category?: { id?: string; name?: string };
                brand?: { id?: string; name?: string };
              };
            }
          | undefined
      )?.data ?? {};
    const values: StateParams = { ...p, productId };
    for (const [key, value] of Object.entries({
      categoryId: data.category?.id,
      categoryName: data.category?.name,
      brandId: data.brand?.id,
      brandName: data.brand?.name,
      productName: data.name,
    })) {
      if (typeof value === 'string') values[key] = value;
    }
    return { values };
  },
  'no product {productId} exists': async (_ctx, p) => ({ values: { ...p, productId: randomUUID() } }),
  'a user {userId} exists': createUser,
  'a user {userId} with email {email} exists': createUser,
  'no user {userId} exists': async (_ctx, p) => ({ values: { ...p, userId: randomUUID() } }),
  'a brand named {name} exists': async (ctx, p) => {
    const name = p.name ?? `Brand ${runTag()}`;
    const res = await ctx.call('createBrand', {}, { name, description: 'Created by gas-harness' });
    // 409: a brand of that name exists already, which is the state.
    ctx.expectSuccess(res, `creating brand ${name}`, [409]);
    const brandId = (res.body as { data?: { id?: string } } | undefined)?.data?.id;
    return { values: { ...p, name, ...(brandId ? { brandId } : {}) } };
  },
  'a customer {customerId} exists': async (ctx, p) => {
    const customerId = p.customerId ?? randomUUID();
    const res = await ctx.call(
      'upsertCustomer',
      { customerId },
      {
        name: 'Cliente gas-harness',
        phoneNumber: '+5511987654321',
        email: `cliente-${runTag()}@example.com`,
        document: { type: 'Cpf', number: '52998224725', country: 'BR' },
        billingAddress: {
          street: 'Avenida Paulista',
          number: '1578',
          apartment: '12',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          state: 'SP',
          country: 'BR',
          postalCode: '01310-200',
          longitude: -46.6559,
          latitude: -23.5614,
        },
      },
    );
    ctx.expectSuccess(res, `creating customer ${customerId}`);
    return { values: { ...p, customerId } };
  },
  'a consumer {consumerId} has counted order {orderId}': async (ctx, p) => {
    const consumerId = p.consumerId ?? randomUUID();
    const orderId = p.orderId ?? randomUUID();
    const res = await ctx.call('incrementOrderCounter', {}, { consumerId, orderId });
    ctx.expectSuccess(res, `counting order ${orderId}`);
    return { values: { ...p, consumerId, orderId } };
  },
  'an event {idMensagem} was received': async (ctx, p) => {
    const idMensagem = p.idMensagem ?? `msg-${randomUUID()}`;
    const nomeEvento = p.nomeEvento ?? 'PedidoCriado';
    const res = await ctx.call('receiveAppEvent', {}, { idMensagem, nomeEvento, mensagem: null });
    ctx.expectSuccess(res, `sending event ${idMensagem}`);
    return { values: { ...p, idMensagem, nomeEvento } };
  },
};

/** States only a states endpoint can set up (the registry's `needs` say `statesUrl`). */
type StatesUrlOnly = 'the resources named in {path} exist';

/** Every state a deployment can be put in through this module. */
export const DEPLOYMENT_STATES = Object.keys(STATES);

/**
 * The profile key a state lacks on a deployment, without setting anything up; undefined when the
 * profile has what it needs (a deletable area may still turn out used up when the state is set up).
 */
export function missingForState(fixtures: TargetFixtures, state: string, params: StateParams): string | undefined {
  const found = findProviderState(state);
  const needs = found
    ? PROVIDER_STATES[found.template].needs({ ...found.fromName, ...params })
    : ['statesUrl' as const];
  const missing = needs.find((key) => {
    if (key === 'statesUrl') return true;
    const value = fixtures[key];
    return value === undefined || (Array.isArray(value) && value.length === 0);
  });
  if (missing === 'statesUrl') return `statesUrl (the state "${state}" cannot be set up through the API)`;
  return missing ? `fixtures.${missing}` : undefined;
}

export async function setUpDeploymentState(
  session: TargetSession,
  ledger: FixtureLedger,
  state: string,
  params: StateParams,
): Promise<StateOutcome> {
  const missing = missingForState(session.target.fixtures, state, params);
  const found = findProviderState(state);
  if (missing || !found || !hasOwnKey(STATES, found.template))
    return { unavailable: missing ?? `statesUrl (the state "${state}" cannot be set up through the API)` };
  const setUp = STATES[found.template as keyof typeof STATES];
  const contract = await loadContract();
  const ctx: DeploymentStateContext = {
    session,
    ledger,
    call: async (operationId, pathParams, body) => {
      const operation = contract.operationsById.get(operationId);
      if (!operation) throw new Error(`the spec has no operation ${operationId}`);
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeURIComponent(pathParams[name] ?? ''),
      );
      return send({
        method: operation.method,
        url: `${session.url}${path}`,
        headers: {
          authorization: await session.authorization(operation.security.scheme, operation.security.scopes),
          ...(body !== undefined ? { 'content-type': operation.requestBody?.mediaTypes[0] ?? 'application/json' } : {}),
        },
        ...(body !== undefined ? { body } : {}),
        timeoutMs: session.timeoutMs,
        maxAnswerBytes: session.maxAnswerBytes,
      });
    },
    expectSuccess: (res, what, alsoOk) => expectSuccess(res, what, session.secrets(), alsoOk),
  };
  return setUp(ctx, { ...found.fromName, ...params });
}
