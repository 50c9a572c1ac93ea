/** What `gas-harness spec diff` reports: one change between two versions of the contract, and where it is. */
import type { ChangeKind, Direction, Severity } from './diff-severity.ts';
import type { RuleBasis } from '../verdict/rule-basis.ts';

/** The two documents of a comparison, as written and dereferenced (a SpecVersion or a Contract). */
export interface SpecDocuments {
  raw: Record<string, unknown>;
  document: Record<string, unknown>;
}

/** An operation, as a change names it. */
export interface OperationRef {
  id: string;
  method: string;
  path: string;
}

/** One change between two versions of the contract. */
export interface SpecChange {
  kind: ChangeKind;
  severity: Severity;
  /** The operation it belongs to (the base's, or the revision's for an added one). */
  operation?: { id: string; method: string; path: string };
  /** A change outside the operations: the component (`securitySchemes.bearerAuth`) and the operations that use it. */
  component?: { name: string; usedBy: OperationRef[] };
  /** What part of the operation: the operation itself, its security, a parameter, the request, a response or one of its headers. */
  in: 'operation' | 'security' | 'parameter' | 'request' | 'response' | 'header';
  status?: number;
  /** The response header's name, for a change in `header`. */
  header?: string;
  /** The media types whose schemas changed alike (a request body sent as several). */
  mediaTypes?: string[];
  parameter?: { in: string; name: string };
  /** The instance field: property names, `[]` for array items (empty for the whole body or parameter). */
  field?: string[];
  before?: unknown;
  after?: unknown;
  message: string;
  /** JSON pointer to the element in the dereferenced base document (the revision's when added). */
  pointer: string;
  /** Documented by the platform's description, or an `x-assumed` choice (with its reason). */
  basis: RuleBasis;
}

/** A change found inside one operation, before its severity and basis are worked out. */
export interface LocatedChange {
  change: Omit<SpecChange, 'severity' | 'basis' | 'pointer' | 'operation' | 'component'>;
  /** The changed element's path in the dereferenced document. */
  path: string[];
  /** True when the revision adds the element (its basis is read from the revision). */
  adds: boolean;
  /** Whether the schema is one the client sends or receives. */
  direction?: Direction;
  /** Where the kind's severity does not hold (a property removed from a request that refuses unknown ones). */
  severity?: Severity;
}
