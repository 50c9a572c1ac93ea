/** The committed types of the OpenAPI documents are what the generator makes of them now. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectFile } from '../../../project-files.ts';
import { GENERATED_TYPES, generatedTypes } from '../../../scripts/generate-types.ts';

describe('generated types', () => {
  for (const [source, target] of Object.entries(GENERATED_TYPES) as [keyof typeof GENERATED_TYPES, string][]) {
    it(`${target} is generated from ${source} (npm run generate)`, async () => {
      expect(readFileSync(projectFile(target), 'utf8')).toBe(await generatedTypes(source));
    });
  }
});
