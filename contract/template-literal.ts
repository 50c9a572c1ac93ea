/**
 * The one safe literal of the scenario template language: a string written into a suite (a recorded
 * body, query, path or `Prefer` value) that the runner renders back to exactly that string, whatever
 * braces it holds. The language reads `{{expression}}` where the expression holds no brace; the
 * built-in `{{lbrace}}` renders one `{`. A string with `{{` in it has each `{` written as `{{lbrace}}`,
 * so nothing in it opens a template; a string without `{{` cannot open one and is written as it is.
 * Concatenated with references (`{{orderId}}`), an escaped or unescaped piece still renders as itself:
 * a piece's trailing `{` before `{{name}}` cannot start a match, since an expression holds no brace.
 */

/** The expression that renders one `{` (scenarios/template.ts resolves it, like `uuid`). */
export const LBRACE_EXPRESSION = 'lbrace';

/** `text` written so the template renderer gives back `text` exactly. */
export function templateLiteral(text: string): string {
  return text.includes('{{') ? text.replace(/\{/g, `{{${LBRACE_EXPRESSION}}}`) : text;
}
