/**
 * ESLint with typescript-eslint's type-aware rules, on every TypeScript and JavaScript file of the
 * project (only the build's output and the installed packages are left out). Part of `npm run lint`,
 * which `npm test` runs.
 */
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // Generated files are guarded by their regeneration test, not linted: openapi-typescript writes anyOf of required sets as unions of unknown.
  { ignores: ['node_modules/', 'dist/', 'contract/generated/'] },
  {
    files: ['**/*.{ts,js,mjs,cjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // Every .ts file is in tsconfig.json; the config files at the root get a default project.
        projectService: { allowDefaultProject: ['*.js', '*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify route handlers are async by contract (what they return is the body), awaiting or not.
      '@typescript-eslint/require-await': 'off',
      // Not yet on (they flag 39 places, all redundant rather than wrong: a type assertion that changes
      // nothing; String() of a value read from a parsed document); to be switched on, with their fixes
      // (`eslint --fix` does the first), once the branches in progress are merged.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any(), expect.objectContaining()...) are typed `any`.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    // The console's page script runs in the browser, outside the TypeScript project.
    files: ['simulator/console/assets/**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.browser, sourceType: 'module' },
    // Not type-checked: a name used across the page's modules without its import is caught here.
    rules: { 'no-undef': 'error' },
  },
);
