/**
 * The scenario file format (spec/scenario-schema.json) is a valid JSON Schema 2020-12: the runner
 * compiles it without checking it against the meta-schema (to start faster), so this test does.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { SCENARIO_SCHEMA_PATH } from '../../../scenarios/suite-schema-validator.ts';

describe('scenario schema', () => {
  it('is valid against the JSON Schema 2020-12 meta-schema', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const schema = JSON.parse(readFileSync(SCENARIO_SCHEMA_PATH, 'utf8')) as object;
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(ajv.errors ?? []).toEqual([]);
    // The check can fail: a keyword of the wrong type is refused.
    expect(ajv.validateSchema({ ...schema, minProperties: 'one' })).toBe(false);
  });
});
