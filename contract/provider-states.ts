/**
 * The provider states pacts and scenario suites may name, once: each template with the profile
 * fixtures a deployment needs to set it up through the platform's own operations. The simulator
 * (simulator/admin/provider-states.ts) and a deployment (target/deployment-states.ts) each implement
 * every state, typed by this table, and one matcher reads a state's parameters out of its name.
 */

/** A profile fixture (`fixtures.<key>` of a target profile). */
export type FixtureKey =
  | 'merchantId'
  | 'merchantProviderId'
  | 'otherMerchantProviderId'
  | 'dealerId'
  | 'coverageAreaId'
  | 'deletableCoverageAreaIds'
  | 'categoryId'
  | 'productId';

export interface ProviderStateEntry {
  /** Set up by the harness itself on every target, never sent to one (target/state-provisioner.ts). */
  harness?: true;
  /**
   * The fixtures a deployment needs, given the state's parameters; `statesUrl` when only a states
   * endpoint can set it up (the platform's operations cannot).
   */
  needs: (params: Record<string, string>) => (FixtureKey | 'statesUrl')[];
}

const none = () => [];

export const PROVIDER_STATES = {
  'a merchant {merchantId} exists': { needs: none },
  'a merchant {merchantId} with provider {providerId} exists': { needs: () => ['merchantId', 'merchantProviderId'] },
  'a merchant {merchantId} with provider {providerId} and another provider named {otherName} exists': {
    needs: () => ['merchantId', 'merchantProviderId', 'otherMerchantProviderId'],
  },
  'no provider {providerId} exists for merchant {merchantId}': { needs: none },
  'a dealer {dealerId} exists': { needs: () => ['dealerId'] },
  'no dealer {dealerId} exists': { needs: none },
  'a coverage area {coverageAreaId} exists for dealer {dealerId}': {
    needs: (p) => ['dealerId', p.deletable === undefined ? 'coverageAreaId' : 'deletableCoverageAreaIds'],
  },
  'no coverage area {coverageAreaId} exists for dealer {dealerId}': { needs: none },
  'a category {categoryId} exists': { needs: () => ['categoryId'] },
  'no category {categoryId} exists': { needs: none },
  'a product {productId} exists': { needs: () => ['productId'] },
  'no product {productId} exists': { needs: none },
  'a user {userId} exists': { needs: none },
  'a user {userId} with email {email} exists': { needs: none },
  'no user {userId} exists': { needs: none },
  'a brand named {name} exists': { needs: none },
  'a customer {customerId} exists': { needs: none },
  'a consumer {consumerId} has counted order {orderId}': { needs: none },
  'an event {idMensagem} was received': { needs: none },
  // Records of any path: only the simulator's store (or a states endpoint) can make them.
  'the resources named in {path} exist': { needs: () => ['statesUrl'] },
  // A brand name unique to the run, and the id of the profile's token bound to X.
  'no brand is named {name}': { harness: true, needs: none },
  'the client acts for dealer {dealerId}': { harness: true, needs: none },
  'the client acts for merchant {merchantId}': { harness: true, needs: none },
  'the client acts for consumer {consumerId}': { harness: true, needs: none },
  'the client acts for user {userId}': { harness: true, needs: none },
} as const satisfies Record<string, ProviderStateEntry>;

export type ProviderStateTemplate = keyof typeof PROVIDER_STATES;
/** The states the harness answers itself. */
export type HarnessState = {
  [T in ProviderStateTemplate]: (typeof PROVIDER_STATES)[T] extends { harness: true } ? T : never;
}[ProviderStateTemplate];
/** The states a target sets up (its store, a states endpoint or its own operations). */
export type TargetState = Exclude<ProviderStateTemplate, HarnessState>;

export const PROVIDER_STATE_TEMPLATES = Object.keys(PROVIDER_STATES) as ProviderStateTemplate[];

// The most specific template first, so a longer state is not read as a shorter one with odd values.
const MATCHERS = PROVIDER_STATE_TEMPLATES.map((template) => {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const literal = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'));
  return { template, names, regex: new RegExp(`^${literal.join('(.+?)')}$`) };
}).sort((a, b) => b.template.replace(/\{\w+\}/g, '').length - a.template.replace(/\{\w+\}/g, '').length);

/**
 * The state a name calls: a template itself, or a template with its placeholders filled in (`a
 * merchant 1234 exists`), with the values read out of the name. Undefined for an unknown state.
 */
export function findProviderState(
  name: string,
): { template: ProviderStateTemplate; fromName: Record<string, string> } | undefined {
  if (name in PROVIDER_STATES) return { template: name as ProviderStateTemplate, fromName: {} };
  for (const { template, names, regex } of MATCHERS) {
    const match = regex.exec(name);
    if (match) return { template, fromName: Object.fromEntries(names.map((n, i) => [n, match[i + 1] ?? ''])) };
  }
  return undefined;
}
