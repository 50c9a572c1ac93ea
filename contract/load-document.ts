/**
 * The one loader of OpenAPI documents: the platform's, the admin API's, and the base and revision of
 * `spec diff`. A document may refer only inside itself (`$ref: '#/...'`): a reference to a file or a
 * URL is refused before anything is resolved, naming the file and the reference, so a document under
 * review cannot make the harness read `/proc/self/environ` or fetch a URL into its reports. A `$ref`
 * cycle is refused naming the file, instead of failing later as a structure JSON cannot print.
 */
import { readFileSync } from 'node:fs';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { escapePointerSegment } from './json-pointer.ts';
import { parseSpecText } from './spec-text.ts';

/** A document that cannot be used: unreadable, not YAML or JSON, a reference outside it or a cycle. */
export class DocumentError extends Error {
  override name = 'DocumentError';
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads and parses a YAML or JSON document, refusing references outside it; throws DocumentError naming the file. */
export async function readDocumentFile(file: string): Promise<Json> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DocumentError(
      `${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a spec file' : (error as Error).message}`,
    );
  }
  let raw: unknown;
  try {
    raw = parseSpecText(text);
  } catch (error) {
    throw new DocumentError(`${file}: does not parse as YAML or JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!isObject(raw)) throw new DocumentError(`${file}: is not an OpenAPI document (its top is not a mapping)`);
  return refuseExternalRefs(raw, file);
}

/**
 * The document itself when every `$ref` in it points inside it (`#` or `#/...`); else a DocumentError
 * naming the file, the reference and where it stands.
 */
export function refuseExternalRefs<T>(document: T, file: string): T {
  const stack: { node: unknown; at: string }[] = [{ node: document, at: '#' }];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const { node, at } = stack.pop() as { node: unknown; at: string };
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    for (const [key, value] of Object.entries(node)) {
      const where = `${at}/${escapePointerSegment(key)}`;
      if (key === '$ref' && !(typeof value === 'string' && (value === '#' || value.startsWith('#/'))))
        throw new DocumentError(
          `${file}: refers outside the document with $ref ${JSON.stringify(value)} at ${where}: only references inside it (#/...) are read`,
        );
      stack.push({ node: value, at: where });
    }
  }
  return document;
}

/**
 * The document with every `$ref` replaced by what it points to (shared objects stay shared); throws
 * DocumentError for a reference outside it or a cycle.
 */
export async function dereferenceDocument(raw: Json, file: string): Promise<Json> {
  refuseExternalRefs(raw, file);
  try {
    return (await $RefParser.dereference(structuredClone(raw), {
      resolve: { external: false, file: false, http: false },
      dereference: { circular: false },
    })) as Json;
  } catch (error) {
    const message = (error as Error).message;
    if (/circular/i.test(message))
      throw new DocumentError(`${file}: has a $ref cycle (a schema that contains itself): ${message.split('\n')[0]}`);
    throw new DocumentError(`${file}: a $ref cannot be resolved: ${message.split('\n')[0]}`);
  }
}
