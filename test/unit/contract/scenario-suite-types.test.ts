/**
 * The scenario format's generated types keep the variants the schema picks with if/then/else (which
 * json-schema-to-typescript alone would turn into `unknown` or an open object). Checked by tsc and vitest.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { scenarioTypeSchema } from '../../../scripts/scenario-type-schema.ts';
import type {
  AuthProfile,
  CaptureSpec,
  ExpectSpec,
  HeaderExpectation,
  StepAuth,
  SuiteSpec,
} from '../../../contract/index.ts';

describe('scenario format types', () => {
  it('are the unions of the schema variants', () => {
    expectTypeOf<AuthProfile['profile']>().toEqualTypeOf<'simulator' | 'static' | 'command'>();
    expectTypeOf<Extract<AuthProfile, { profile: 'static' }>>().toEqualTypeOf<{ profile: 'static'; token: string }>();
    expectTypeOf<Extract<StepAuth, string>>().toEqualTypeOf<'default' | 'none' | 'apiKey'>();
    expectTypeOf<Extract<CaptureSpec, object>>().toEqualTypeOf<{ json?: string; header?: string }>();
    expectTypeOf<Extract<HeaderExpectation, string>>().toEqualTypeOf<string>();
    expectTypeOf<ExpectSpec['status']>().toEqualTypeOf<number | number[] | undefined>();
    expectTypeOf<SuiteSpec['steps'][number]['request']['body']>().toEqualTypeOf<unknown>();
  });

  it('name no key the schema does not have', () => {
    const suite: SuiteSpec = {
      name: 'typo',
      steps: [{ name: 'read', request: { method: 'GET', path: '/v1/products/1' } }],
      // @ts-expect-error the schema has setup, not setUp
      setUp: [],
    };
    expect(suite.name).toBe('typo');
  });

  it('refuse a schema whose if the rewrite cannot turn into a union', () => {
    expect(() => scenarioTypeSchema({ if: { const: 1 }, then: { type: 'number' } })).toThrow(/unsupported if/);
  });
});
