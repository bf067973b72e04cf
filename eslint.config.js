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

// What the SQL-in-repo block below leaves out of src-main/modules: repo files, tests, readers of other programs' SQLite.
const MODULE_FILES_OUTSIDE_REPO_IGNORES = [
  'src-main/modules/**/repo.ts',
  'src-main/modules/**/repo/**',
  'src-main/modules/**/*.test.ts',
  'src-main/modules/apkg/package-*.ts',
  'src-main/modules/migrate/parse-worker.ts',
  'src-main/modules/terms/import-ereader.ts',
];
const SQL_MESSAGE = 'SQL belongs in a repo file (repo.ts or repo/): call a repo function.';
const SQL_IN_REPO = [
  { selector: "CallExpression[callee.name='stmt']", message: SQL_MESSAGE },
  { selector: 'MemberExpression[property.name=/^(prepare|exec)$/][object.name=/^(sqlite|db)$/]', message: SQL_MESSAGE },
  { selector: "MemberExpression[property.name=/^(prepare|exec)$/][object.property.name='sqlite']", message: SQL_MESSAGE },
];
// better-sqlite3's db.transaction(fn)(): one way to open a transaction, transact(ctx, fn) (src-main/db/sql.ts).
const ONE_TRANSACTION_HELPER = {
  selector: "CallExpression[callee.property.name='transaction']",
  message: 'Open transactions with transact(ctx, fn) from src-main/db/sql.ts (nested calls become savepoints).',
};

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
    ignores: MODULE_FILES_OUTSIDE_REPO_IGNORES,
    rules: { 'no-restricted-syntax': ['error', ...SQL_IN_REPO, ONE_TRANSACTION_HELPER] },
  },
  {
    // Transactions go through transact() from src-main/db/sql.ts everywhere else in main, repo files included.
    // (Module files outside these get it with the SQL rules above: a later block's list would replace theirs.)
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/db/**', 'src-main/**/*.test.ts', 'src-main/modules/**'],
    rules: { 'no-restricted-syntax': ['error', ONE_TRANSACTION_HELPER] },
  },
  {
    files: [
      'src-main/modules/**/repo.ts',
      'src-main/modules/**/repo/**/*.ts',
      'src-main/modules/apkg/package-*.ts',
      'src-main/modules/migrate/parse-worker.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ONE_TRANSACTION_HELPER] },
  },
);
