/**
 * fast-check arbitraries for the string and integer formats the spec uses (uuid, email, cpf, int32),
 * and the bounds a JSON Schema numeric type implies.
 */
import fc from 'fast-check';
import { checkDigit } from '../contract/cpf.ts';

export const INT32_MIN = -(2 ** 31);
export const INT32_MAX = 2 ** 31 - 1;

/** Valid CPFs: nine digits not all alike, then the two check digits, bare or punctuated. */
export function cpfArbitrary(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }), fc.boolean())
    .filter(([digits]) => digits.some((d) => d !== digits[0]))
    .map(([base, punctuated]) => {
      const digits = [...base];
      digits.push(checkDigit(digits, 9));
      digits.push(checkDigit(digits, 10));
      const s = digits.join('');
      return punctuated ? `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}` : s;
    });
}

/** The arbitrary of a string `format`, or undefined when the format does not constrain generation. */
export function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'cpf':
      return cpfArbitrary();
    default:
      return undefined;
  }
}

/** Integer bounds from minimum/maximum (inclusive and exclusive) and an int32 format. */
export function integerBounds(schema: Record<string, unknown>): { min: number; max: number } {
  const int32 = schema.format === 'int32';
  let min = int32 ? INT32_MIN : Number.MIN_SAFE_INTEGER;
  let max = int32 ? INT32_MAX : Number.MAX_SAFE_INTEGER;
  if (typeof schema.minimum === 'number') min = Math.max(min, Math.ceil(schema.minimum));
  if (typeof schema.exclusiveMinimum === 'number') min = Math.max(min, Math.floor(schema.exclusiveMinimum) + 1);
  if (typeof schema.maximum === 'number') max = Math.min(max, Math.floor(schema.maximum));
  if (typeof schema.exclusiveMaximum === 'number') max = Math.min(max, Math.ceil(schema.exclusiveMaximum) - 1);
  return { min, max };
}

/** Number bounds (doubles) from minimum/maximum; exclusive bounds are honoured by the final filter. */
export function numberBounds(schema: Record<string, unknown>): { min?: number; max?: number } {
  // The inclusive bound when given, else the exclusive one.
  const firstNumber = (...values: unknown[]) => values.find((v): v is number => typeof v === 'number');
  const min = firstNumber(schema.minimum, schema.exclusiveMinimum);
  const max = firstNumber(schema.maximum, schema.exclusiveMaximum);
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}
