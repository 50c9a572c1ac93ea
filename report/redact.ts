/** Removes secret values from any text a report, log or console line is about to show. */
export const REDACTED = '<redacted>';

export function redactSecrets(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 6) out = out.split(secret).join(REDACTED);
  return out.replace(/Bearer\s+[A-Za-z0-9._~+/-]+=*/g, `Bearer ${REDACTED}`);
}
