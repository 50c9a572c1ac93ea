/**
 * Text from a deployment, neutralised for each output it reaches. A deployment under test is not
 * trusted: its answers are quoted in consoles, JUnit files and Markdown summaries, and must stay text
 * there. A terminal must not obey an escape sequence (clear screen, window title, clipboard writes,
 * links); an XML file must stay well-formed XML 1.0 whatever characters it quotes; a Markdown summary
 * must not fetch an image or show a link the deployment wrote. Characters that cannot be kept are shown
 * visibly as `\uXXXX`, so nothing is silently lost. OUTPUT_SANITIZERS lists one sanitizer per output
 * format; every command's report goes through the one of its format (test/report/output-sanitizers.test.ts).
 */
import { Document, Scalar, visit } from 'yaml';

const visible = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Control characters a terminal (or a log viewer that renders ANSI) acts on: C0 but tab and line
 * feed, DEL, C1 (0x9B is a one-byte CSI).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * What XML 1.0 forbids even escaped (C0 but tab, LF, CR; U+FFFE, U+FFFF; a surrogate not in a pair),
 * and what it allows but a log viewer may obey (DEL, C1).
 */
const XML_UNSAFE =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for a terminal: every control character but `\n` and `\t` shown as `\uXXXX`. */
export function terminalText(text: string): string {
  return text.replace(TERMINAL_CONTROLS, visible);
}

/** Text for an XML 1.0 element or attribute: escaped, and every character XML cannot carry shown as `\uXXXX`. */
export function xmlText(text: string): string {
  return text.replace(XML_UNSAFE, visible).replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

/**
 * Text for Markdown, on one line (a table cell, a list item): the characters that start a link, an
 * image, an HTML tag, an entity, emphasis, code, a heading or a table cell are backslash-escaped
 * (CommonMark lets any ASCII punctuation be), and so are the `:` of `scheme://`, the `.` of `www.` and
 * the `@` of an address, so no bare URL becomes a link; a line that would open a list or a quote is
 * escaped at its start; controls are shown as `\uXXXX`.
 */
export function markdownText(text: string): string {
  return terminalText(text.replace(/\s*[\r\n]+\s*/g, ' '))
    .replace(/[\\`*_~[\]<>!&|#@]/g, '\\$&')
    .replace(/:(?=\/\/)/g, '\\:')
    .replace(/(?<=\bwww)\./gi, '\\.')
    .replace(/^(\s*)([-+=]|\d+(?=[.)]))/, (_m, space: string, lead: string) =>
      /\d/.test(lead) ? `${space}${lead}\\` : `${space}\\${lead}`,
    );
}

/**
 * Text as a Markdown code span, on one line: nothing in a code span is interpreted, and its fence is
 * one backtick longer than the longest run of backticks inside, so the text cannot close it.
 */
export function markdownCode(text: string): string {
  const flat = terminalText(text.replace(/\s*[\r\n]+\s*/g, ' '));
  if (flat === '') return '';
  const longestRun = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  // A space each side keeps a backtick at either end from joining the fence (CommonMark strips one).
  const pad = flat.startsWith('`') || flat.endsWith('`') || /^ .* $/.test(flat) ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Text for a terminal on one line (a name, a message inside a line the harness writes): line breaks shown as `\n`. */
export function terminalLine(text: string): string {
  return terminalText(text.replace(/\r?\n/g, '\\n').replace(/\t/g, '\\t'));
}

/** Text for HTML element content or a quoted attribute: its markup characters escaped. */
export function htmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}
const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Characters JSON and YAML carry raw but a terminal or log viewer may obey (DEL, C1: 0x9B is a one-byte
 * CSI) or an editor takes for a line break (U+2028, U+2029), and the byte-order mark.
 */
const RAW_UNSAFE = /[\u007F-\u009F\u2028\u2029\uFEFF]/g;

/** A value as JSON text: the same value, with what a terminal would obey written as `\uXXXX` escapes. */
export function jsonText(value: unknown, space?: number): string {
  return (JSON.stringify(value, null, space) ?? 'null').replace(RAW_UNSAFE, visible);
}

/**
 * A value as YAML text: the same value, every string holding a character a terminal would obey
 * written double-quoted, where YAML escapes it (the yaml library leaves DEL, C1 and U+2028 raw).
 */
export function yamlText(value: unknown, options: { lineWidth?: number } = {}): string {
  const document = new Document(value);
  visit(document, {
    Scalar(_key, node: Scalar) {
      // eslint-disable-next-line no-control-regex -- control characters are what it finds
      if (typeof node.value === 'string' && /[\u0000-\u001F\u007F-\u009F\u2028\u2029\uFEFF]/.test(node.value))
        node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  // Only a double-quoted scalar can hold these characters now, and `\uXXXX` is an escape there.
  return document.toString({ lineWidth: options.lineWidth ?? 0 }).replace(RAW_UNSAFE, visible);
}

/** The output formats the harness writes, each with the one sanitizer of text it did not write. */
export const OUTPUT_SANITIZERS = {
  terminal: terminalLine,
  markdown: markdownText,
  html: htmlText,
  xml: xmlText,
  json: (text: string) => jsonText(text),
  yaml: (text: string) => yamlText(text),
} as const satisfies Record<string, (text: string) => string>;
export type OutputFormat = keyof typeof OUTPUT_SANITIZERS;
