/**
 * `gas-harness spec assumptions | lint | rules | diff`: the contract's table of assumptions, an independent
 * linter, the description's inventory and stated rules with what tests them, and the changes between two versions of the contract with what they break.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { lintSpec, loadContract, renderAssumptions } from '../contract/index.ts';
import type { Severity } from '../spec-diff/diff-severity.ts';
import type { SpecDiffOptions } from '../spec-diff/spec-diff-report.ts';

/** `a,b , c` as `['a', 'b', 'c']`; an empty list is a usage error. */
function commaList(value: string): string[] {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw new InvalidArgumentError('must name at least one operationId');
  return items;
}

export function registerSpecCommand(program: Command): void {
  const spec = program.command('spec').description('the OpenAPI contract');
  spec
    .command('assumptions')
    .description('print every choice the spec makes where the platform description is silent')
    .action(async () => {
      const contract = await loadContract();
      process.stdout.write(renderAssumptions(contract.assumptions));
    });
  spec
    .command('lint')
    .description("lint the OpenAPI documents (the platform's and the admin API's) with Spectral (spectral:oas ruleset)")
    .action(() => {
      process.exitCode = lintSpec();
    });
  spec
    .command('rules')
    .description(
      "print the description's inventory (every sentence and table row: testable, untestable or not shown) and each rule " +
        'it states in so many words with the scenario steps, pact interactions and fuzz checks that test it; then the ' +
        'counts: testable and tested, testable and not yet tested, untestable, not shown',
    )
    .option('--suites <paths...>', 'scenario files or directories to count (default: scenarios/suites/)')
    .option('--json', 'print the inventory, its counts and the stated rules with their checks as JSON')
    .action(async (options: { suites?: string[]; json?: boolean }) => {
      const rules = await import('../spec-diff/stated-rule-checks.ts');
      const checks = await rules.statedRuleChecks(options.suites);
      process.stdout.write(options.json ? rules.formatSpecRulesJson(checks) : rules.formatSpecRules(checks));
    });
  spec
    .command('diff')
    .description(
      'every change from BASE to REVISION (two OpenAPI files), its severity, whether the description states it or the spec ' +
        'assumed it, and the committed pact interactions and scenario steps it breaks. Exit 0, or 1 when --fail-on is met; ' +
        '2 for a bad file or flag',
    )
    .argument('<base>', 'the OpenAPI document clients were written against (e.g. contract/gas-platform.openapi.yaml)')
    .argument('<revision>', 'the new version of it')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'markdown', 'json']).default('text'))
    .addOption(
      new Option(
        '--fail-on <severity>',
        'exit 1 when a change at least this severe is found (any: any change)',
      ).choices(['breaking', 'potentially-breaking', 'any']),
    )
    .option('--pacts <path>', 'a pact file or directory of them to check (default: contracts/pacts/)')
    .option('--suites <paths...>', 'scenario files or directories to check (default: scenarios/suites/)')
    .option(
      '--changelog',
      'list every change, those that only change the words too (operationId renames, tags, summaries, descriptions, examples)',
    )
    .option(
      '--severity-overrides <file>',
      'a YAML or JSON map from a kind of change to breaking, potentially-breaking, compatible or ignore',
    )
    .option('--operations <ids>', 'only these operations (operationIds, comma-separated)', commaList)
    .option(
      '--paths <globs...>',
      'only the operations whose path matches one of these globs (* within a segment, ** across)',
    )
    .action(
      async (
        base: string,
        revision: string,
        options: Omit<SpecDiffOptions, 'base' | 'revision'> & {
          format: 'text' | 'markdown' | 'json';
          failOn?: Severity | 'any';
        },
      ) => {
        const report = await import('../spec-diff/spec-diff-report.ts');
        const result = await report.specDiff({
          base,
          revision,
          ...(options.pacts ? { pacts: options.pacts } : {}),
          ...(options.suites ? { suites: options.suites } : {}),
          ...(options.changelog ? { changelog: true } : {}),
          ...(options.severityOverrides ? { severityOverrides: options.severityOverrides } : {}),
          ...(options.operations ? { operations: options.operations } : {}),
          ...(options.paths ? { paths: options.paths } : {}),
        });
        const render = {
          text: report.formatSpecDiffText,
          markdown: report.formatSpecDiffMarkdown,
          json: report.formatSpecDiffJson,
        }[options.format];
        process.stdout.write(render(result));
        process.exitCode = report.specDiffExitCode(result, options.failOn);
      },
    );
}
