// Lint rules. Beyond the recommended sets, one structural rule: src-shared stays pure (no node:*, electron or DOM-only code).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'migrations/**', 'test-results/**', 'tests/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src-shared/**/*.ts'],
    ignores: ['src-shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto', 'os', 'child_process', 'electron', 'better-sqlite3', 'react', 'react-dom'], message: 'src-shared is pure: no Node, Electron, database or UI imports.' },
            { group: ['**/src-main/**', '**/src-renderer/**', '../../src-main/*', '../../src-renderer/*'], message: 'src-shared must not import from main or renderer.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'electron', 'better-sqlite3', '**/src-main/**'], message: 'The renderer talks to the core through api/client only.' }] },
      ],
    },
  },
);
