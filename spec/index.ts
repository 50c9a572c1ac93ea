/** The contract: everything the harness derives from the OpenAPI document. */
export { loadContract, SPEC_PATH, type Contract } from './load-contract.ts';
export { renderAssumptions } from './assumptions.ts';
export { isValidCpf } from './cpf.ts';
export { compileOnFirstUse, createAjv, type ValidationIssue, type Validators } from './validators.ts';
export type * from './types.ts';
export { isSecretField, normalizeFieldName, SECRET_FIELDS, SECRET_HEADERS, SECRET_NAME_PARTS, secretMarkersOf } from './secret-fields.ts';
