/**
 * The one Ajv set-up of the harness: every validator (the contract's operations, the admin
 * document, target profiles, scenario files, the fuzzers' oracle) is compiled by an Ajv made here,
 * so formats and annotation keywords are declared once.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { isValidCpf } from './cpf.ts';

/**
 * An Ajv for JSON Schema 2020-12 with the standard formats, `cpf`, and the spec's `x-assumed*` and
 * `x-secret` annotations as keywords. Strict for the harness's own schemas; not strict for a whole
 * OpenAPI document compiled as a schema (its own keywords stand beside the schemas; Spectral lints it).
 */
export function createAjv({
  strict = true,
  validateSchema = true,
}: { strict?: boolean; validateSchema?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict,
    validateSchema,
    strictTypes: false,
    strictRequired: false,
    allowUnionTypes: true,
  });
  addFormats.default(ajv);
  ajv.addFormat('cpf', isValidCpf);
  // `x-assumed*` annotations are ours, not validation keywords.
  ajv.addKeyword({ keyword: 'x-assumed' });
  ajv.addKeyword({ keyword: 'x-secret' });
  for (const key of [
    'description',
    'format',
    'items',
    'maxLength',
    'maximum',
    'minimum',
    'minLength',
    'pattern',
    'properties',
    'required',
    'then',
    'type',
    'enum',
  ]) {
    ajv.addKeyword({ keyword: `x-assumed-${key}` });
  }
  return ajv;
}

let sharedAjv: Ajv2020 | undefined;

/**
 * A validator compiled on first use: compiling (the meta-schema first) costs a good part of a start
 * that may never need it. By one shared strict Ajv unless `ajvOf` gives another (an Ajv that holds a
 * document the schema refers into); `schema` may be computed then too.
 */
export function compileOnFirstUse<T>(
  schema: object | (() => object),
  ajvOf: () => Ajv2020 = () => (sharedAjv ??= createAjv()),
): () => ValidateFunction<T> {
  let validate: ValidateFunction<T> | undefined;
  const schemaNow = (): object => (typeof schema === 'function' ? (schema as () => object)() : schema);
  return () => (validate ??= ajvOf().compile<T>(schemaNow()));
}
