import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { quoteStatedRule, statedBasis, STATED_RULES } from '../../../verdict/index.ts';

const description = readFileSync(new URL('../../../contract/platform-description.md', import.meta.url), 'utf8');

describe('the rules the description states, quoted by every checker', () => {
  for (const rule of Object.values(STATED_RULES)) {
    it(`quotes "${rule.sentence}" verbatim from the description, under its section and number`, () => {
      const [section, number] = rule.section.split(', rule ');
      const heading = description.indexOf(`\n## ${section ?? ''}\n`);
      expect(heading).toBeGreaterThan(-1);
      const next = description.indexOf('\n## ', heading + 1);
      const text = description.slice(heading, next === -1 ? undefined : next);
      // A numbered rule is a line of its own; other sentences (and table rows) stand somewhere in the section.
      expect(text).toContain(number === undefined ? rule.sentence : `\n${number}. ${rule.sentence}\n`);
    });
  }

  it('gives a documented basis that quotes the sentence and names the rule', () => {
    expect(statedBasis(STATED_RULES.unknownProvider404)).toEqual({
      basis: 'documented',
      stated: 'unknownProvider404',
      reason:
        'documented: "The provider update answers 404 when no provider with the given identifier exists." (Endpoints, rule 5)',
    });
    expect(quoteStatedRule(STATED_RULES.tokenNotExposed)).toBe(
      'documented: "The token must not be exposed in public code, logs or API responses." (Authentication, rule 5)',
    );
  });
});
