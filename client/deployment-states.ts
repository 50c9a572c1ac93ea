/**
 * Provider states on a deployment that has no states endpoint: each state is set up through the
 * platform's own operations where they can create it (merchants, customers, users, brands, counted
 * orders, events), from the profile's fixtures where they cannot (providers, dealers, coverage
 * areas, categories, products), and with fresh ids for "no X exists". A state that needs a fixture
 * the profile lacks is unavailable, naming the profile key that would give it.
 */
import { randomUUID } from 'node:crypto';
import { excerpt } from '../report/index.ts';
import { send, type HttpResponse } from './http-client.ts';
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
  call(
    operation: { method: string; path: string; scheme?: 'bearer' | 'apiKey'; scopes: string[] },
    body?: unknown,
    mediaType?: string,
  ): Promise<HttpResponse>;
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

const PUT_MERCHANT = (id: string) => ({ method: 'PUT', path: `/v1/merchants/${id}`, scopes: ['payments:write'] });
const PUT_PROVIDER = (merchantId: string, id: string) => ({
  method: 'PUT',
  path: `/v1/merchants/${merchantId}/providers/${id}`,
  scopes: ['payments:write'],
});
const PUT_AREA = (dealerId: string, id: string) => ({
  method: 'PUT',
  path: `/v1/dealers/${dealerId}/coverage-areas/${id}`,
  scopes: ['dealers:write'],
});

async function createMerchant(ctx: DeploymentStateContext, p: StateParams): Promise<string> {
  const merchantId = p.merchantId ?? randomUUID();
  ctx.expectSuccess(
    await ctx.call(PUT_MERCHANT(merchantId), { categoryCode: '5983' }),
    `creating merchant ${merchantId}`,
  );
  return merchantId;
}

async function createUser(ctx: DeploymentStateContext, p: StateParams): Promise<StateOutcome> {
  const userId = p.userId ?? randomUUID();
  const email = p.email ?? `user-${runTag()}@example.com`;
  const name = p.name ?? 'Pact User';
  const res = await ctx.call(
    { method: 'PUT', path: '/v1/users', scopes: ['users:write'] },
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
      (name) => ctx.call(PUT_AREA(dealerId, id), { coverageAreaId: id, dealerId, name }),
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

const STATES: Record<string, StateSetUp> = {
  'a merchant {merchantId} exists': async (ctx, p) => ({ values: { ...p, merchantId: await createMerchant(ctx, p) } }),
  'a merchant {merchantId} with provider {providerId} exists': async (ctx, p) => {
    const { merchantId, merchantProviderId } = ctx.session.target.fixtures;
    if (!merchantId) return unavailable('merchantId');
    if (!merchantProviderId) return unavailable('merchantProviderId');
    const name = p.name ?? `Provider ${runTag()}`;
    ctx.expectSuccess(
      await ctx.call(PUT_PROVIDER(merchantId, merchantProviderId), { name }),
      `renaming provider ${merchantProviderId}`,
    );
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
    ctx.expectSuccess(
      await ctx.call(PUT_PROVIDER(merchantId, merchantProviderId), { name: `Provider ${runTag()}` }),
      `renaming provider ${merchantProviderId}`,
    );
    ctx.expectSuccess(
      await ctx.call(PUT_PROVIDER(merchantId, otherMerchantProviderId), { name: otherName }),
      `renaming provider ${otherMerchantProviderId}`,
    );
    ctx.expectSuccess(
      await ctx.call(PUT_PROVIDER(merchantId, merchantProviderId), { name }),
      `renaming provider ${merchantProviderId}`,
    );
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
      (name) =>
        ctx.call(
          { method: 'PUT', path: `/v1/categories/${categoryId}`, scopes: ['catalog:write'] },
          { categoryId, name, description: 'Renamed by gas-harness' },
        ),
    );
    ctx.expectSuccess(res, `renaming category ${categoryId}`);
    return { values: { ...p, categoryId, categoryName } };
  },
  'no category {categoryId} exists': async (_ctx, p) => ({ values: { ...p, categoryId: randomUUID() } }),
  'a product {productId} exists': async (ctx, p) => {
    const { productId } = ctx.session.target.fixtures;
    if (!productId) return unavailable('productId');
    // The product's category and brand are read back through the platform's own read.
    const res = await ctx.call({ method: 'GET', path: `/v1/products/${productId}`, scopes: ['catalog:read'] });
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
    const res = await ctx.call(
      { method: 'POST', path: '/v1/brands', scopes: ['catalog:write'] },
      { name, description: 'Created by gas-harness' },
    );
    // 409: a brand of that name exists already, which is the state.
    ctx.expectSuccess(res, `creating brand ${name}`, [409]);
    const brandId = (res.body as { data?: { id?: string } } | undefined)?.data?.id;
    return { values: { ...p, name, ...(brandId ? { brandId } : {}) } };
  },
  'a customer {customerId} exists': async (ctx, p) => {
    const customerId = p.customerId ?? randomUUID();
    const res = await ctx.call(
      { method: 'PUT', path: `/v1/customers/${customerId}`, scopes: ['customers:write'] },
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
    const res = await ctx.call(
      { method: 'POST', path: '/v1/consumers/orders/counter', scheme: 'apiKey', scopes: [] },
      { consumerId, orderId },
    );
    ctx.expectSuccess(res, `counting order ${orderId}`);
    return { values: { ...p, consumerId, orderId } };
  },
  'an event {idMensagem} was received': async (ctx, p) => {
    const idMensagem = p.idMensagem ?? `msg-${randomUUID()}`;
    const nomeEvento = p.nomeEvento ?? 'PedidoCriado';
    const res = await ctx.call(
      { method: 'POST', path: '/Integration/app-events', scopes: ['integration:write'] },
      { idMensagem, nomeEvento, mensagem: null },
      'application/json-patch+json',
    );
    ctx.expectSuccess(res, `sending event ${idMensagem}`);
    return { values: { ...p, idMensagem, nomeEvento } };
  },
};

/** The fixtures each state needs on a deployment (the others need none). */
const NEEDS: Record<string, (p: StateParams) => (keyof TargetFixtures)[]> = {
  'a merchant {merchantId} with provider {providerId} exists': () => ['merchantId', 'merchantProviderId'],
  'a merchant {merchantId} with provider {providerId} and another provider named {otherName} exists': () => [
    'merchantId',
    'merchantProviderId',
    'otherMerchantProviderId',
  ],
  'a dealer {dealerId} exists': () => ['dealerId'],
  'a coverage area {coverageAreaId} exists for dealer {dealerId}': (p) => [
    'dealerId',
    p.deletable === undefined ? 'coverageAreaId' : 'deletableCoverageAreaIds',
  ],
  'a category {categoryId} exists': () => ['categoryId'],
  'a product {productId} exists': () => ['productId'],
};

/** Every state a deployment can be put in through this module. */
export const DEPLOYMENT_STATES = Object.keys(STATES);

function findState(state: string): { template: string; fromName: StateParams } | undefined {
  if (STATES[state]) return { template: state, fromName: {} };
  return Object.keys(STATES)
    .sort((a, b) => b.length - a.length)
    .map((template) => ({ template, fromName: readName(template, state) }))
    .find((s): s is { template: string; fromName: StateParams } => s.fromName !== undefined);
}

/**
 * The profile key a state lacks on a deployment, without setting anything up; undefined when the
 * profile has what it needs (a deletable area may still turn out used up when the state is set up).
 */
export function missingForState(fixtures: TargetFixtures, state: string, params: StateParams): string | undefined {
  const found = findState(state);
  if (!found) return `statesUrl (the state "${state}" cannot be set up through the API)`;
  const missing = (NEEDS[found.template]?.({ ...found.fromName, ...params }) ?? []).find((key) => {
    const value = fixtures[key];
    return value === undefined || (Array.isArray(value) && value.length === 0);
  });
  return missing ? `fixtures.${missing}` : undefined;
}

/** A template's placeholders and a regex reading their values out of an instantiated state name. */
function readName(template: string, name: string): StateParams | undefined {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const literal = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'));
  const match = new RegExp(`^${literal.join('(.+?)')}$`).exec(name);
  if (!match) return undefined;
  return Object.fromEntries(names.map((n, i) => [n, match[i + 1] ?? '']));
}

/** Sets up `state` on a deployment through its API and the profile's fixtures. */
export async function setUpDeploymentState(
  session: TargetSession,
  ledger: FixtureLedger,
  state: string,
  params: StateParams,
): Promise<StateOutcome> {
  const found = findState(state);
  const setUp = found ? STATES[found.template] : undefined;
  if (!found || !setUp) return { unavailable: `statesUrl (the state "${state}" cannot be set up through the API)` };
  const missing = missingForState(session.target.fixtures, state, params);
  if (missing) return { unavailable: missing };
  const ctx: DeploymentStateContext = {
    session,
    ledger,
    call: async (operation, body, mediaType) =>
      send({
        method: operation.method,
        url: `${session.url}${operation.path}`,
        headers: {
          authorization: await session.authorization(operation.scheme ?? 'bearer', operation.scopes),
          ...(body !== undefined ? { 'content-type': mediaType ?? 'application/json' } : {}),
        },
        ...(body !== undefined ? { body } : {}),
        timeoutMs: session.timeoutMs,
        maxAnswerBytes: session.maxAnswerBytes,
      }),
    expectSuccess: (res, what, alsoOk) => expectSuccess(res, what, session.secrets(), alsoOk),
  };
  return setUp(ctx, { ...found.fromName, ...params });
}
