/** What `gas-harness spec diff` reports: one change between two versions of the contract, and where it is. */
import type { ChangeKind, Direction, Severity } from './diff-severity.ts';
import type { RuleBasis } from '../verdict/rule-basis.ts';

/** The two documents of a comparison, as written and dereferenced (a SpecVersion or a Contract). */
export interface SpecDocuments {
  raw: Record<string, unknown>;
  document: Record<string, unknown>;
}

/** One change between two versions of the contract. */
export interface SpecChange {
  kind: ChangeKind;
  severity: Severity;
  /** The operation it belongs to (the base's, or the revision's for an added one). */
  operation?: { id: string; method: string; path: string };
  /** What part of the operation: the operation itself, its security, a parameter, the request or a response. */
  in: 'operation' | 'security' | 'parameter' | 'request' | 'response';
  status?: number;
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
  change: Omit<SpecChange, 'severity' | 'basis' | 'pointer' | 'operation'>;
  /** The changed element's path in the dereferenced document. */
  path: string[];
  /** True when the revision adds the element (its basis is read from the revision). */
  adds: boolean;
  /** Whether the schema is one the client sends or receives. */
  direction?: Direction;
  /** Where the kind's severity does not hold (a property removed from a request that refuses unknown ones). */
  severity?: Severity;
}
