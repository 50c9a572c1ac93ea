/**
 * Writes the TypeScript types of the two OpenAPI documents (openapi-typescript): the platform's
 * operations, request and response bodies (spec/generated/platform-api.ts) and the simulator's admin
 * API (spec/generated/admin-api.ts). Run `npm run generate` after editing a document; a test fails
 * while the committed files differ from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Document → the types file made from it (both relative to the project root). */
export const GENERATED_TYPES = {
  'spec/gas-platform.openapi.yaml': 'spec/generated/platform-api.ts',
  'spec/admin-api.openapi.yaml': 'spec/generated/admin-api.ts',
} as const;

const HEADER = (source: string): string =>
  `/** Generated from ${source} by scripts/generate-types.ts (npm run generate); do not edit. */\n\n`;

/** The types file's text for one document. */
export async function generatedTypes(source: keyof typeof GENERATED_TYPES): Promise<string> {
  const ast = await openapiTS(pathToFileURL(join(ROOT, source)), { immutable: false, alphabetize: true, exportType: false });
  return HEADER(source) + astToString(ast);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [source, target] of Object.entries(GENERATED_TYPES) as [keyof typeof GENERATED_TYPES, string][]) {
    const text = await generatedTypes(source);
    const path = join(ROOT, target);
    const before = (() => { try { return readFileSync(path, 'utf8'); } catch { return ''; } })();
    if (before !== text) writeFileSync(path, text);
    console.log(`${target}: ${before === text ? 'unchanged' : 'written'}`);
  }
}
