/**
 * The answer behind a failed check, as every report shows it (as Hurl does): the status, the
 * headers and the first KiB of the body, with the run's secrets and every token-shaped value
 * redacted, and a header that carries a credential (a cookie) or whose name says it holds a secret
 * shown as `<redacted>`.
 */
import { isSecretField } from '../contract/secret-fields.ts';
import { excerpt, REDACTED, redactSecrets } from './redact.ts';

/** Headers that carry credentials whatever their value looks like. */
const CREDENTIAL_HEADERS = new Set(['set-cookie', 'cookie', 'authorization', 'proxy-authorization']);

/** How much of a body a report shows: the first KiB, in characters. */
export const SHOWN_BODY_CHARS = 1024;

export interface AnswerToShow {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** `HTTP 404`, one `name: value` line per header, a blank line and the body's first KiB. */
export function shownAnswer(answer: AnswerToShow, secrets: readonly string[] = []): string {
  const headers = Object.entries(answer.headers).map(([name, value]) =>
    redactSecrets(
      `${name}: ${CREDENTIAL_HEADERS.has(name.toLowerCase()) || isSecretField(name) ? REDACTED : value}`,
      secrets,
    ),
  );
  const lines = [`HTTP ${answer.status}`, ...headers];
  if (answer.text !== '') {
    const more = answer.text.length - SHOWN_BODY_CHARS;
    const shown = excerpt(answer.text, SHOWN_BODY_CHARS, secrets, '');
    lines.push('', more > 0 ? `${shown}\n… (${more} more characters)` : shown);
  }
  return lines.join('\n');
}
