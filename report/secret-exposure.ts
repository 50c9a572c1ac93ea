/**
 * Whether an answer from a target exposes one of the run's secrets (a token, a key), in any form
 * the redaction knows (`redact.ts`, `secret-encodings.ts`): the check behind the stated rule "The
 * token must not be exposed in public code, logs or API responses.", shared by every checker.
 */
import { mayHoldSecret } from './redact.ts';

/** Where an answer exposes one of the given secrets (its body, or a header by name); undefined when it does not. */
export function exposedSecret(
  answer: { text: string; headers: Readonly<Record<string, string | undefined>> },
  secrets: Iterable<string>,
): string | undefined {
  const known = [...secrets];
  if (known.length === 0) return undefined;
  if (mayHoldSecret(answer.text, known)) return 'its body';
  for (const [name, value] of Object.entries(answer.headers))
    if (value !== undefined && mayHoldSecret(value, known)) return `its header ${name}`;
  return undefined;
}
