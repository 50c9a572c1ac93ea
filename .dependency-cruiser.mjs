/**
 * The layers of the harness, checked by dependency-cruiser in `npm run lint` (`npm run lint:layers`).
 * An import only points down:
 *
 *   kernel     contract/, verdict/, report/, client/, recording/, target/, project-files.ts
 *   leaves     simulator/, contracts/pact/, fuzz/, scenarios/, prism/
 *   composers  conform/, spec-diff/, cli/, bench/, index.ts (the programmatic entry point)
 *
 * Inside the kernel, too, an import points down the order of KERNEL_FOLDERS: the contract stands on
 * nothing, the verdict on the contract, the reports on both, and so on up to target profiles.
 *
 * Leaves never import each other (the checkers reach a simulator over HTTP, like any target), and a
 * composer imports a leaf through its entry point (the leaf's index.ts), never its internals.
 * test/ and scripts/ may import anything; nothing imports them.
 */

/**
 * A regular expression that matches a path under one of the folders (or one of the root files).
 * @param {string[]} folders
 * @param {string[]} [files]
 * @returns {string}
 */
const under = (folders, files = []) =>
  `^(?:${[...folders.map((f) => `${f}/`), ...files.map((f) => `${f.replace('.', '\\.')}$`)].join('|')})`;

/** The kernel's folders, each importing only those before it. */
const KERNEL_FOLDERS = ['contract', 'verdict', 'report', 'client', 'recording', 'target'];
const LEAF_FOLDERS = ['simulator', 'contracts/pact', 'fuzz', 'scenarios', 'prism'];
const COMPOSER_FOLDERS = ['conform', 'spec-diff', 'cli', 'bench'];

const KERNEL = under(KERNEL_FOLDERS, ['project-files.ts']);
const LEAF = under(LEAF_FOLDERS);
const COMPOSER = under(COMPOSER_FOLDERS, ['index.ts']);
/** The same, capturing the leaf's folder as $1 (for the rule that tells one leaf from another). */
const EACH_LEAF = `^(${LEAF_FOLDERS.join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...KERNEL_FOLDERS.slice(0, -1).map((folder, i) => ({
      name: `kernel-order-${folder}`,
      comment: `${folder}/ stands below ${KERNEL_FOLDERS.slice(i + 1).join(', ')} in the kernel: it imports none of them.`,
      severity: /** @type {const} */ ('error'),
      from: { path: `^${folder}/` },
      to: { path: under(KERNEL_FOLDERS.slice(i + 1)) },
    })),
    {
      name: 'kernel-imports-up',
      comment:
        'The kernel (contract, verdict, reports, client, recording, target) is what every layer stands on: it imports no leaf and no composer.',
      severity: 'error',
      from: { path: KERNEL },
      to: { path: [LEAF, COMPOSER] },
    },
    {
      name: 'leaf-imports-leaf',
      comment:
        'A leaf (simulator, pact, fuzz, scenarios, prism) imports only the kernel: checkers reach a simulator over HTTP.',
      severity: 'error',
      from: { path: EACH_LEAF },
      to: { path: LEAF, pathNot: '^$1/' },
    },
    {
      name: 'leaf-imports-composer',
      comment:
        'A leaf never imports a composer (conform, spec-diff, cli, bench, index.ts): composers put leaves together.',
      severity: 'error',
      from: { path: LEAF },
      to: { path: COMPOSER },
    },
    {
      name: 'composer-reaches-past-entry-point',
      comment: "A composer imports a leaf through the leaf's index.ts, not the modules behind it.",
      severity: 'error',
      from: { path: COMPOSER },
      to: { path: LEAF, pathNot: `${EACH_LEAF}index\\.ts$` },
    },
    {
      name: 'imports-a-test',
      comment: 'Tests import the code, never the other way round.',
      severity: 'error',
      from: { pathNot: '^test/' },
      to: { path: '^test/' },
    },
    {
      name: 'no-circular',
      comment: 'An import cycle: one of the modules should depend on a smaller concept instead.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-resolvable',
      comment: 'An import that resolves to nothing (a typo, or a file that moved).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(?:node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
