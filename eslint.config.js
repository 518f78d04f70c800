import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import { readFileSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/** What libs/domain/src/dates.ts exports: the front ends take these from the shared module. */
const DATE_EXPORTS = [
  ...readFileSync(new URL('./libs/domain/src/dates.ts', import.meta.url), 'utf8').matchAll(
    /^export (?:function|const) (\w+)/gm,
  ),
].map(([, name]) => name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/.turbo/**',
      'bench/results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  regexp.configs.recommended,
  {
    rules: {
      // Patterns run on what people send: one that can backtrack super-linearly, or that makes a
      // search quadratic, fails the lint (test: libs/contracts/src/regexp-lint.spec.ts).
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignorePartial: false }],
      // The recommended set's style rules stay off: they would rewrite working patterns only.
      'regexp/no-unused-capturing-group': 'off',
      'regexp/optimal-quantifier-concatenation': 'off',
      'regexp/prefer-w': 'off',
      'regexp/strict': 'off',
      'regexp/use-ignore-case': 'off',
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      'no-console': 'off',
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'libs/shell-context/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One router per page: routing comes from the shared router entry, never straight from
      // react-router (which would be a second instance with its own context).
      'no-restricted-imports': [
        'error',
        ...['react-router', 'react-router-dom'].map((name) => ({
          name,
          message: "Import routing from '@meetings/shell-context/router'.",
        })),
        // One copy of the date formats per page: the shared module, not each app's own.
        {
          name: '@meetings/domain',
          importNames: DATE_EXPORTS,
          message: "Import dates from '@meetings/domain/dates' (shared once per page).",
        },
        { name: 'date-fns', message: "Format dates with '@meetings/domain/dates'." },
      ],
    },
  },
  {
    files: ['libs/shell-context/src/router.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Nest injects by constructor parameter type: a type-only import would erase the metadata.
    files: ['svc-*/**/*.ts', 'libs/service-kit/**/*.ts', 'gateway/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
