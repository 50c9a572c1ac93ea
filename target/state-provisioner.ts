/**
 * Sets up provider states on any target, the one way every checker does it: a gas-harness
 * simulator's `/__sim/provider-states` (in the run's tenant), a states URL when one is given, or
 * else the platform's own operations and the profile's fixtures (deployment-states). A few states
 * need no set-up anywhere (a name no record has yet): the harness answers those itself.
 */
import { randomUUID } from 'node:crypto';
import type { HarnessState, ProviderStateRequest } from '../contract/index.ts';
import { excerpt } from '../report/index.ts';
import { send } from '../client/http-client.ts';
import {
  missingForState,
  setUpDeploymentState,
  type FixtureLedger,
  type StateOutcome,
  type StateParams,
} from './deployment-states.ts';
import type { ResolvedTarget } from './resolve-target.ts';
import type { BoundParam } from './target-profile.ts';
import type { TargetSession } from './target-session.ts';

export type { FixtureLedger, StateOutcome, StateParams } from './deployment-states.ts';

/**
 * States the harness sets up itself on every target, never sent to one: a brand name unique to the
 * run, and "the client acts for X", which on a deployment takes the id of the profile's token bound
 * to X (any id serves on a simulator, which mints a token for it; without a bound token the id
 * stays, and the steps that need the binding are skipped).
 */
function actsFor(param: BoundParam): (p: StateParams, target: ResolvedTarget) => StateParams {
  return (p, target) => {
    const bound = target.simulator ? undefined : target.credentials.bound[param]?.id;
    return { ...p, [param]: bound ?? p[param] ?? randomUUID() };
  };
}

const LOCAL_STATES: Record<HarnessState, (p: StateParams, target: ResolvedTarget) => StateParams> = {
  'no brand is named {name}': (p) => ({ ...p, name: `Brand ${randomUUID().slice(0, 8)}` }),
  'the client acts for dealer {dealerId}': actsFor('dealerId'),
  'the client acts for merchant {merchantId}': actsFor('merchantId'),
  'the client acts for consumer {consumerId}': actsFor('consumerId'),
  'the client acts for user {userId}': actsFor('userId'),
};

const localState = (state: string) =>
  (LOCAL_STATES as Partial<Record<string, (p: StateParams, target: ResolvedTarget) => StateParams>>)[state];

/** The states the harness answers itself, on every target. */
export const HARNESS_STATES: readonly string[] = Object.keys(LOCAL_STATES);

export const newFixtureLedger = (): FixtureLedger => ({ usedDeletableAreas: new Set() });

export interface StateProvisioner {
  /** How states are set up on this target, for reports. */
  via: 'simulator' | 'statesUrl' | 'api';
  setUp(state: string, params: Record<string, unknown>): Promise<StateOutcome>;
  /** Undoes a state where the target can (a simulator restores its tenant's data); nothing on a deployment. */
  tearDown(state: string, params: Record<string, unknown>): Promise<void>;
  /** The profile key a state lacks on this target, without setting it up; undefined when it can be set up. */
  missing(state: string, params: Record<string, unknown>): string | undefined;
}

export function createStateProvisioner(
  session: TargetSession,
  ledger: FixtureLedger = newFixtureLedger(),
): StateProvisioner {
  const { statesUrl } = session.target;
  const { admin } = session;
  const via = statesUrl ? 'statesUrl' : admin ? 'simulator' : 'api';
  // A states URL wins over the simulator's own states: the same request and answer either way.
  const post = statesUrl
    ? statesEndpoint(statesUrl, session)
    : admin && ((request: ProviderStateRequest) => admin.setProviderState(request));
  return {
    via,
    missing: (state, params) =>
      post || localState(state) ? undefined : missingForState(session.target.fixtures, state, stringParams(params)),
    async tearDown(state, params) {
      if (!post || localState(state)) return;
      await post({ state, params: stringParams(params), action: 'teardown' });
    },
    async setUp(state, rawParams) {
      const params = stringParams(rawParams);
      const local = localState(state);
      if (local) return { values: local(params, session.target) };
      if (!post) return setUpDeploymentState(session, ledger, state, params);
      const values = await post({ state, params, action: 'setup' });
      return { values: { ...params, ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) } };
    },
  };
}

/** A deployment's Pact provider-states endpoint: the simulator's request and answer, at another URL. */
function statesEndpoint(url: string, session: TargetSession) {
  return async (request: ProviderStateRequest): Promise<Record<string, unknown>> => {
    const res = await send({
      method: 'POST',
      url,
      headers: session.headers(),
      body: request,
      timeoutMs: session.timeoutMs,
      maxAnswerBytes: session.maxAnswerBytes,
    });
    const what =
      request.action === 'teardown'
        ? `tearing down provider state "${request.state}"`
        : `provider state "${request.state}"`;
    if (res.status < 200 || res.status >= 300)
      throw new Error(`${what} was refused (status ${res.status}): ${excerpt(res.text, 300, session.secrets())}`);
    return res.body && typeof res.body === 'object' ? (res.body as Record<string, unknown>) : {};
  };
}

function stringParams(params: Record<string, unknown>): StateParams {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}
