import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import regexpPlugin from 'eslint-plugin-regexp';

const noDrizzle = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Queries belong in a *.repo.ts: call the module repository instead.',
};
/** A module reaches another module only through its service or its module file. */
const moduleWall = {
  regex: String.raw`^\.\./[^./][^/]*/(?![^/]*\.(?:service|module)$)`,
  message:
    "Another module's internals (repo, presenter, routes) are its own: import its *.service.ts or *.module.ts, or move the shared piece to platform/.",
};
/** The platform (transport, storage, bus, http) and db know no module. */
const platformWall = {
  regex: String.raw`^(?:\.\./)+modules/`,
  message:
    'Nothing outside modules/ imports a module: let the module contribute through its *.module.ts (platform/module.ts) and app.ts list it.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/artifacts/**',
      'apps/server/drizzle/**',
      '**/*.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  // Every pattern must run in linear time: one long input must never stall the event loop.
  regexpPlugin.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': 'error',
      'regexp/no-misleading-capturing-group': ['error', { reportBacktrackingEnds: true }],
      // Style only: spelled-out ranges and the Hangul syllable block read clearer here.
      'regexp/prefer-w': 'off',
      'regexp/use-ignore-case': 'off',
      'regexp/no-obscure-range': 'off',
    },
  },
  {
    // Test helpers only parse what our own server sent (mails, frames), never a stranger's input.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**', 'bench/**'],
    rules: { 'regexp/no-super-linear-move': 'off' },
  },
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', 'vitest.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**',
      'apps/server/src/db/**',
      'apps/server/src/**/*.repo.ts',
      'apps/server/src/**/*.test.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [noDrizzle, platformWall] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/**/*.repo.ts', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noDrizzle, moduleWall] }] },
  },
  {
    // Repositories alone may use drizzle; the walls hold for them too.
    files: ['apps/server/src/modules/**/*.repo.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleWall] }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@teamup/server', '@teamup/server/*'],
              message:
                'The web app never imports the server: share types through @teamup/contracts.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'pg', 'ioredis'],
              message: 'Server-only packages do not belong in the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@teamup/server*', '@teamup/web*'],
              message: 'contracts imports neither app: move the shared piece into contracts.',
            },
          ],
        },
      ],
    },
  },
);
