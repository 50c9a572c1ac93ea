/** The values of a body that the spec describes as secrets (provider credentials, push tokens). */
import type { JsonSchema } from '../contract/index.ts';

const SECRET = /\bsecrets?\b/i;

/** Every string inside the parts of `value` whose schema's description calls them secret. */
export function secretValues(schema: JsonSchema, value: unknown): string[] {
  const found: string[] = [];
  visit(schema, value, false, found);
  return found;
}

function visit(schema: JsonSchema | undefined, value: unknown, secret: boolean, found: string[]): void {
  const isSecret = secret || (typeof schema?.description === 'string' && SECRET.test(schema.description));
  if (typeof value === 'string') {
    if (isSecret) found.push(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) visit(schema?.items as JsonSchema | undefined, item, isSecret, found);
    return;
  }
  if (typeof value === 'object' && value !== null) {
    const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
    for (const [key, item] of Object.entries(value)) {
      const sub =
        properties[key] ??
        (typeof schema?.additionalProperties === 'object' ? (schema.additionalProperties as JsonSchema) : undefined);
      visit(sub, item, isSecret, found);
    }
  }
}
