// eslint: a small, type-aware rule set for what tsc does not catch — promises nobody waits for or handles, and
// code nobody uses. Formatting is prettier's business (npm run format), not eslint's.
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig([
  {
    ignores: [
      'dist/',
      'dist-test/',
      'web-ext-artifacts/',
      'bench/.work/',
      'tests/e2e/.artifacts/',
      '.profile-*/',
      'node_modules/',
      'packages/*/dist/',
      'examples/*/dist/',
      'examples/*/node_modules/',
      'docs/api/',
    ],
  },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    languageOptions: {
      parser: tseslint.parser,
      // Types from the two tsconfig projects (tsconfig.app.json, tsconfig.node.json), whichever includes the file.
      // The scripts that come with a hand-written .d.mts are not part of a project (the .d.mts stands for them).
      parserOptions: {
        projectService: {
          allowDefaultProject: ['scripts/find-firefox.mjs', 'scripts/message-args.mjs', 'scripts/seed.mjs', 'scripts/prng.mjs', 'scripts/popup-bundle.mjs'],
          defaultProject: 'tsconfig.node.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {
      // A disable comment that no longer silences anything is itself an error.
      reportUnusedDisableDirectives: 'error',
      reportUnusedInlineConfigs: 'error',
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      // Promises: a rejection nobody handles is lost (an unhandled rejection in the event page).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // Unused code. A name that is unused on purpose starts with `_`.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'all',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-unused-expressions': 'error',
      'no-unreachable': 'error',
      'no-unused-private-class-members': 'error',
      'no-unused-labels': 'error',
      // `any` switches type checking off; the few places that need it say why.
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Preact's hooks (preact/hooks) follow React's rules of hooks: called unconditionally, at a component's or a
    // hook's top level. Not exhaustive-deps: the pages list what an effect or memo reruns on (a tree's `version`, an
    // id, "once at the start"), not everything it reads, and that rule would ask for the opposite.
    files: ['src/**/*.{ts,tsx}', 'popup/**/*.tsx', 'options/**/*.tsx', 'sidebar/**/*.tsx', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
    },
  },
]);
