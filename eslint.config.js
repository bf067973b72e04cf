// Lint rules. Beyond the recommended sets, the structural rules of docs/architecture.md: src-shared stays pure
// (no node:*, electron or DOM-only code); a module uses another only through its index.ts; lower folders never
// import app/ (the assembly), in main and in the renderer; SQL of the store lives in repo files only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const RENDERER_ONLY = { group: ['node:*', 'electron', 'better-sqlite3', '**/src-main/**'], message: 'The renderer talks to the core through api/client only.' };
// Relative imports of app/ from anywhere below it (`../app/core`, `../../app/routes`, …).
const NOT_APP = (message) => ({ group: ['./app/*', '../app/*', '../../app/*', '../../../app/*', '../../../../app/*'], message });

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'migrations/**', 'test-results/**', 'tests/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // CommonJS hooks loaded by electron-builder (afterPack): require() is their module system.
    files: ['scripts/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
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
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'os', 'child_process', 'electron', 'better-sqlite3', 'react', 'react-dom'],
              message: 'src-shared is pure: no Node, Electron, database or UI imports.',
            },
            {
              group: ['**/src-main/**', '**/src-renderer/**', '../../src-main/*', '../../src-renderer/*'],
              message: 'src-shared must not import from main or renderer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [RENDERER_ONLY] }],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    ignores: ['src-renderer/app/**', 'src-renderer/main.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [RENDERER_ONLY, NOT_APP('src-renderer/app: features, lib and components must not import the app frame')] },
      ],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/app/**', 'src-main/serve.ts', 'src-main/electron/**'],
    // The adapters (http/, ipc/) take the assembled Core as a parameter: importing its type is allowed.
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ ...NOT_APP('src-main/app is assembly only: core, db, http, modules, net must not import it'), allowTypeImports: true }] },
      ],
    },
  },
  // A module uses another only through its index.ts (its public surface): `../terms`, never `../terms/service`.
  // The path that leaves the module differs with the depth of the importing file, hence one entry per depth
  // (tests/unit/module-imports.test.ts checks the same on the whole graph, and that modules import no loop).
  ...[
    { files: ['src-main/modules/*/*.ts'], deep: '^\\.\\./[^./][^/]*/' },
    { files: ['src-main/modules/*/*/*.ts'], deep: '^\\.\\./\\.\\./[^./][^/]*/' },
    { files: ['src-main/modules/index.ts'], deep: '^\\./[^/]+/' },
  ].map(({ files, deep }) => ({
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_APP('src-main/app is assembly only: modules must not import it'),
            { regex: deep, message: "Import another module through its index.ts ('../<module>'), which re-exports what others may call." },
          ],
        },
      ],
    },
  })),
  {
    // SQL lives in repo files (docs/architecture.md). The exceptions read or write files of another format that
    // happen to be SQLite: Anki packages (sql.js) and Lute databases.
    files: ['src-main/modules/**/*.ts'],
    ignores: [
      'src-main/modules/**/repo.ts',
      'src-main/modules/**/repo/**',
      'src-main/modules/**/*.test.ts',
      'src-main/modules/apkg/package-*.ts',
      'src-main/modules/migrate/parse-worker.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='stmt']", message: 'SQL belongs in a repo file (repo.ts or repo/): call a repo function.' },
        {
          selector: 'MemberExpression[property.name=/^(prepare|exec)$/][object.name=/^(sqlite|db)$/]',
          message: 'SQL belongs in a repo file (repo.ts or repo/): call a repo function.',
        },
        {
          selector: "MemberExpression[property.name=/^(prepare|exec)$/][object.property.name='sqlite']",
          message: 'SQL belongs in a repo file (repo.ts or repo/): call a repo function.',
        },
      ],
    },
  },
);
