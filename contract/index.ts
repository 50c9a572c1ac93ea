/** The contract: everything the harness derives from the OpenAPI document. */
export { loadContract, SPEC_PATH, type Contract } from './load-contract.ts';
export { renderAssumptions } from './assumptions.ts';
export { isValidCpf } from './cpf.ts';
export { DEV_API_KEY, DEV_JWT_SECRET } from './dev-credentials.ts';
export { lintSpec } from './lint-spec.ts';
export { type ValidationIssue, type Validators } from './validators.ts';
export { compileOnFirstUse, createAjv } from './ajv.ts';
export { hasOwnKey, ownValue } from './own-key.ts';
export type * from './types.ts';
export type * from './admin-types.ts';
export type {
  AuthProfile,
  CaptureSpec,
  ClaimsSpec,
  ExpectSpec,
  HeaderExpectation,
  JsonExpectation,
  ProviderStateSpec,
  RequestSpec,
  ScalarValue,
  StepAuth,
  StepSpec,
  SuiteSpec,
} from './generated/scenario-suite.ts';
export type { OperationId, PathParamsOf, RequestBodyOf, Schema, SchemaName, SuccessBodyOf } from './operation-types.ts';
export {
  isSecretField,
  mayNameSecretField,
  normalizeFieldName,
  SECRET_FIELDS,
  SECRET_HEADERS,
  SECRET_NAME_PARTS,
  secretMarkersOf,
} from './secret-fields.ts';
export { createOperationMatcher, type OperationMatch, type OperationMatcher } from './operation-matcher.ts';
export {
  findProviderState,
  PROVIDER_STATE_TEMPLATES,
  PROVIDER_STATES,
  type FixtureKey,
  type HarnessState,
  type TargetState,
  type ProviderStateEntry,
  type ProviderStateTemplate,
} from './provider-states.ts';
export {
  adminDocument,
  adminOperation,
  adminQueryValidator,
  adminSuccessStatus,
  adminRequestValidator,
  adminSchemaValidator,
  ADMIN_SPEC_PATH,
} from './admin-document.ts';
export { acceptsMediaType, mediaTypeOf, utf8MediaTypeOf } from './media-type.ts';
export { escapePointerSegment, keysOfPointer, pointerOf, unescapePointerSegment } from './json-pointer.ts';
export {
  ALL_OPERATIONS,
  type EntryClass,
  type InventoryEntry,
  type NotShownEntry,
  type StatementKind,
  type TestableEntry,
  type UntestableEntry,
} from './description-entry.ts';
export { DESCRIPTION_INVENTORY, inventoryCounts, inventoryEntry, testableEntries } from './description-inventory.ts';
export { descriptionUnits, type DescriptionUnit } from './description-sentences.ts';
export { statedMarks } from './stated-marks.ts';
export { selectedOperationIds, UnknownOperationError } from './operation-ids.ts';
