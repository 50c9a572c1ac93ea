/**
 * The description cut into what its inventory accounts for: sentences and table rows, each under its
 * section. How it cuts:
 * - headings (`#`, `##`, `###`) are not statements; they name the section: the `#` title before the
 *   first `##`, then each `##` heading (a `###` stays under its `##`);
 * - a table row (a line starting with `|`) is a row, whole, except a table's header (the line before a
 *   `|---|` separator) and the separator itself;
 * - a list item (`- `) and a numbered rule (`1. `) are sentences without their marker; a numbered rule's
 *   section gets `, rule N`;
 * - any other line of text is a paragraph (lines not separated by a blank line join with a space);
 * - a paragraph, item or rule is split into sentences after `.`, `!` or `?` followed by a space and a
 *   capital letter or a backtick, so "document.type," or "(both uuid)" never splits one.
 */

export interface DescriptionUnit {
  section: string;
  kind: 'sentence' | 'row';
  text: string;
}

const SEPARATOR = /^\|(\s*:?-+:?\s*\|)+\s*$/;
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z`])/;

export function descriptionUnits(markdown: string): DescriptionUnit[] {
  const lines = markdown.split(/\r?\n/);
  const units: DescriptionUnit[] = [];
  let section = '';
  let paragraph: string[] = [];
  const sentences = (text: string, at: string) => {
    for (const sentence of text.split(SENTENCE_END))
      units.push({ section: at, kind: 'sentence', text: sentence.trim() });
  };
  const flush = () => {
    if (paragraph.length > 0) sentences(paragraph.join(' '), section);
    paragraph = [];
  };
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^-\s+(.*)$/.exec(line);
    const rule = /^(\d+)\.\s+(.*)$/.exec(line);
    if (line === '' || heading || line.startsWith('|') || item || rule) flush();
    if (heading) {
      if ((heading[1] ?? '').length <= 2) section = heading[2] ?? '';
    } else if (line.startsWith('|')) {
      const header = SEPARATOR.test(lines[i + 1]?.trim() ?? '');
      if (!header && !SEPARATOR.test(line)) units.push({ section, kind: 'row', text: line });
    } else if (item) sentences(item[1] ?? '', section);
    else if (rule) sentences(rule[2] ?? '', `${section}, rule ${rule[1] ?? ''}`);
    else if (line !== '') paragraph.push(line);
  });
  flush();
  return units;
}
