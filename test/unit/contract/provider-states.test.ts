import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_STATES, HARNESS_STATES, missingForState } from '../../../target/index.ts';
import { readPactFiles } from '../../../contracts/pact/index.ts';
import { DEFAULT_SUITES_DIR, loadSuites } from '../../../scenarios/index.ts';
import { KNOWN_STATES } from '../../../simulator/admin/provider-states.ts';
import { findProviderState, PROVIDER_STATE_TEMPLATES, PROVIDER_STATES } from '../../../contract/index.ts';

const named = [
  ...readPactFiles().flatMap(({ pact }) =>
    pact.interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)),
  ),
  ...loadSuites([DEFAULT_SUITES_DIR]).flatMap((suite) => (suite.spec.setup ?? []).map((s) => s.state)),
];

describe('the provider-state registry', () => {
  it('knows every state a committed pact or scenario suite names', () => {
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((name) => findProviderState(name) === undefined)).toEqual([]);
  });

  it('is implemented by the simulator, by a deployment (but for what only a states endpoint can do) and by the harness for its own states', () => {
    const harness = PROVIDER_STATE_TEMPLATES.filter((t) => 'harness' in PROVIDER_STATES[t]);
    expect([...KNOWN_STATES, ...harness].sort()).toEqual([...PROVIDER_STATE_TEMPLATES].sort());
    expect([...HARNESS_STATES].sort()).toEqual([...harness].sort());
    const statesUrlOnly = PROVIDER_STATE_TEMPLATES.filter((t) =>
      (PROVIDER_STATES[t].needs({}) as readonly string[]).includes('statesUrl'),
    );
    expect([...DEPLOYMENT_STATES, ...statesUrlOnly, ...harness].sort()).toEqual([...PROVIDER_STATE_TEMPLATES].sort());
  });

  it('reads parameters out of a filled-in name, the longest template first', () => {
    expect(findProviderState('a merchant m1 with provider p1 and another provider named Stone exists')).toEqual({
      template: 'a merchant {merchantId} with provider {providerId} and another provider named {otherName} exists',
      fromName: { merchantId: 'm1', providerId: 'p1', otherName: 'Stone' },
    });
    expect(findProviderState('a unicorn exists')).toBeUndefined();
  });

  it('says which profile key a state lacks on a deployment', () => {
    expect(missingForState({}, 'a product {productId} exists', {})).toBe('fixtures.productId');
    expect(missingForState({ productId: 'x' }, 'a product {productId} exists', {})).toBeUndefined();
    expect(missingForState({}, 'the resources named in {path} exist', {})).toMatch(/^statesUrl/);
    expect(missingForState({}, 'a unicorn exists', {})).toMatch(/^statesUrl/);
  });
});
