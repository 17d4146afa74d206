// ESLint (flat config): typescript-eslint's recommended rules, no import cycles, the import direction of
// docs/contributing.md (web features meet only through components/ and lib/), no unused code.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const webFeatures = readdirSync('apps/web/src/features');

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-artifacts/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.json', 'apps/web/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Rows from raw SQL and JSON bodies in tests are the places `any` is still used; new code should type them.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  // Every lib types each raw query's rows: `db.query<Row[]>(sql)`, never the default `any` (tests may stay loose).
  // Not migrations: their DDL returns nothing anyone reads, and a shipped migration is never edited.
  {
    files: ['libs/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', 'libs/database/src/migrations/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query'][arguments.length>0]:not([typeArguments])",
          message: 'Type the rows of a raw query: db.query<Row[]>(sql, params) (an untyped query returns any).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // A web feature imports only components/, lib/, app-level providers and its own folder.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Web features do not import each other: move the shared piece to src/components or src/lib.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
