/**
 * Rules the platform's description states in so many words, each with its sentence, quoted
 * verbatim (`spec/platform-description.md` holds the description): the one place a checker takes
 * the wording of a documented rule from, so that every FAILURE of it quotes the same sentence.
 */

export interface StatedRule {
  id: string;
  /** The description's section and the rule's number in it. */
  section: string;
  /** The sentence, verbatim. */
  sentence: string;
  /** The status it states for an operation, when it states one for a single operation. */
  answer?: { operationId: string; status: number };
}

/** The operations the description calls upserts (Endpoints, rule 6): they never answer that the record is unknown. */
export const UPSERT_OPERATIONS: ReadonlySet<string> = new Set([
  'upsertCustomer',
  'upsertMerchant',
  'upsertConsumerAddress',
]);

export const STATED_RULES = {
  /** Endpoints, rule 5. */
  unknownProvider404: {
    id: 'unknownProvider404',
    section: 'Endpoints, rule 5',
    sentence: 'The provider update answers 404 when no provider with the given identifier exists.',
    answer: { operationId: 'updateMerchantProvider', status: 404 },
  },
  /** Endpoints, rule 4. */
  closedProviderBody: {
    id: 'closedProviderBody',
    section: 'Endpoints, rule 4',
    sentence: 'The provider update body rejects properties outside MerchantProviderUpdate.',
  },
  /** Endpoints, rule 6. */
  upsertCreates: {
    id: 'upsertCreates',
    section: 'Endpoints, rule 6',
    sentence: 'Customer, merchant and consumer address operations are upserts: they update the record or create it.',
  },
  /** Authentication, rule 5. */
  tokenNotExposed: {
    id: 'tokenNotExposed',
    section: 'Authentication, rule 5',
    sentence: 'The token must not be exposed in public code, logs or API responses.',
  },
  /** Authentication, rule 7. */
  permission403: {
    id: 'permission403',
    section: 'Authentication, rule 7',
    sentence: 'When the token is valid but lacks permission for the resource, the response is 403.',
  },
} as const satisfies Record<string, StatedRule>;

/** How a report quotes a stated rule: `documented: "…" (Endpoints, rule 5)`. */
export function quoteStatedRule(rule: StatedRule): string {
  return `documented: "${rule.sentence}" (${rule.section})`;
}

/** The stated rule that gives `operationId` its `status`, when the description states one in so many words. */
export function statedAnswer(operationId: string, status: number): StatedRule | undefined {
  return Object.values(STATED_RULES as Record<string, StatedRule>).find(
    (rule) => rule.answer?.operationId === operationId && rule.answer.status === status,
  );
}
