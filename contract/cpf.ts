/** Brazilian CPF (national person tax number): eleven digits whose last two are check digits. */

/** True when `value` is eleven digits (punctuation allowed) with valid check digits and not all alike. */
export function isValidCpf(value: string): boolean {
  if (!/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').split('').map(Number);
  if (digits.every((d) => d === digits[0])) return false;
  return checkDigit(digits, 9) === digits[9] && checkDigit(digits, 10) === digits[10];
}

/** Computes the check digit at `position` from the digits before it. */
export function checkDigit(digits: number[], position: number): number {
  let sum = 0;
  for (let i = 0; i < position; i++) sum += (digits[i] ?? 0) * (position + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}
