/**
 * The spec's `x-stated` marks: which entries of the description's inventory
 * (contract/description-inventory.ts) each place of the document rests on, by JSON pointer.
 */
import { pointerOf } from './json-pointer.ts';

/** Every `x-stated` mark of the raw document (as written, with its `$ref`s): pointer of the marked object → entry ids. */
export function statedMarks(raw: unknown): Map<string, string[]> {
  const marks = new Map<string, string[]>();
  const visit = (node: unknown, keys: string[]): void => {
    if (Array.isArray(node)) return node.forEach((value, i) => visit(value, [...keys, String(i)]));
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-stated') marks.set(pointerOf(keys), Array.isArray(value) ? value.map(String) : [String(value)]);
      else visit(value, [...keys, key]);
    }
  };
  visit(raw, []);
  return marks;
}
