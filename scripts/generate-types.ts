/**
 * Writes the TypeScript types of the two OpenAPI documents (openapi-typescript): the platform's
 * operations, request and response bodies (contract/generated/platform-api.ts) and the simulator's admin
 * API (contract/generated/admin-api.ts); and those of the scenario format's JSON Schema
 * (json-schema-to-typescript, contract/generated/scenario-suite.ts). Run `npm run generate` after editing
 * one of them; a test fails while the committed files differ from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { scenarioTypeSchema } from './scenario-type-schema.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Document or schema → the types file made from it (both relative to the project root). */
export const GENERATED_TYPES = {
  'contract/gas-platform.openapi.yaml': 'contract/generated/platform-api.ts',
  'contract/admin-api.openapi.yaml': 'contract/generated/admin-api.ts',
  'contract/scenario-schema.json': 'contract/generated/scenario-suite.ts',
} as const;

const HEADER = (source: string): string =>
  `/** Generated from ${source} by scripts/generate-types.ts (npm run generate); do not edit. */\n\n`;

/** The types file's text for one document or schema. */
export async function generatedTypes(source: keyof typeof GENERATED_TYPES): Promise<string> {
  if (source.endsWith('.json')) return HEADER(source) + (await schemaTypes(source));
  const ast = await openapiTS(pathToFileURL(join(ROOT, source)), {
    immutable: false,
    alphabetize: true,
    exportType: false,
  });
  return HEADER(source) + astToString(ast);
}

/** The types of a JSON Schema, formatted like the project's sources. */
async function schemaTypes(source: string): Promise<string> {
  const schema = scenarioTypeSchema(JSON.parse(readFileSync(join(ROOT, source), 'utf8')) as Record<string, unknown>);
  return compile(schema, 'SuiteSpec', {
    bannerComment: '',
    additionalProperties: false,
    // A type cannot say "at least one": a non-empty list would be a tuple no caller builds.
    ignoreMinAndMaxItems: true,
    style: { singleQuote: true, printWidth: 120, trailingComma: 'all', bracketSpacing: true },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [source, target] of Object.entries(GENERATED_TYPES) as [keyof typeof GENERATED_TYPES, string][]) {
    const text = await generatedTypes(source);
    const path = join(ROOT, target);
    const before = (() => {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return '';
      }
    })();
    if (before !== text) writeFileSync(path, text);
    console.log(`${target}: ${before === text ? 'unchanged' : 'written'}`);
  }
}
