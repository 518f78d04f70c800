import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      ],
    },
  },
  {
    // Classic scripts the shell's HTML loads (BootPreloadPlugin), not modules.
    files: ['libs/federation/start-after-paint.js', 'libs/federation/prefetch-after-load.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
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
