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

/** Deployable apps. Libraries never import them; an app never imports another. */
const APPS = [
  'shell',
  'mfe-onboarding',
  'mfe-meetings',
  'mfe-actions',
  'gateway',
  'svc-auth',
  'svc-subscription',
  'svc-meetings',
  'svc-actions',
];
/** Composition roots and harnesses: they start apps, through the apps' package exports only. */
const HARNESSES = ['embedded', 'bench', 'reliability', 'e2e'];

/** Imports of `apps`, by package name or by a relative path into their folders. */
function appImports(apps, message) {
  return [
    'error',
    {
      patterns: apps.flatMap((app) => [
        { group: [`@meetings/${app}`, `@meetings/${app}/*`], message },
        { regex: `^(\\.\\./)+${app}/`, message },
      ]),
    },
  ];
}

/** Harnesses may import an app's package exports, never its files (source or build) by path. */
function deepAppImports(apps) {
  return [
    'error',
    {
      patterns: apps.map((app) => ({
        regex: `^((\\.\\./)+|@meetings/)${app}/(src|dist)/`,
        message: `Reach ${app} through its package exports (@meetings/${app}).`,
      })),
    },
  ];
}

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
  // Dependencies point one way: apps -> libs (test: libs/contracts/src/dependency-lint.spec.ts).
  {
    files: ['libs/**/*.{ts,tsx,mjs,js}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': appImports(
        [...APPS, 'embedded'],
        'A library never imports an app: move what both need into libs/.',
      ),
    },
  },
  ...APPS.map((app) => ({
    files: [`${app}/**/*.{ts,tsx,mjs,js}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': appImports(
        [...APPS, ...HARNESSES].filter((other) => other !== app),
        'An app never imports another app: share through libs/, talk through the API or events.',
      ),
    },
  })),
  ...HARNESSES.map((harness) => ({
    files: [`${harness}/**/*.{ts,tsx,mjs,js}`],
    rules: { '@typescript-eslint/no-restricted-imports': deepAppImports(APPS) },
  })),
);
