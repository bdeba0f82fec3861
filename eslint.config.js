import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import regexpPlugin from 'eslint-plugin-regexp';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

const noDrizzle = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Queries belong in a *.repo.ts: call the module repository instead.',
};
/** A module reaches another module only through its service, its policy or its module file. */
const moduleWall = {
  regex: String.raw`^\.\./[^./][^/]*/(?![^/]*\.(?:service|module|policy)$)`,
  message:
    "Another module's internals (repo, presenter, routes) are its own: import its *.service.ts, *.policy.ts or *.module.ts, or move the shared piece to platform/.",
};
/** The platform (transport, storage, bus, http) and db know no module. */
const platformWall = {
  regex: String.raw`^(?:\.\./)+modules/`,
  message:
    'Nothing outside modules/ imports a module: let the module contribute through its *.module.ts (platform/module.ts) and app.ts list it.',
};

// Mantine's Loader is a bare span: a name on it is only announced with a role (axe's
// aria-prohibited-attr, which the journeys check on every screen).
const labelledLoader = {
  selector:
    "JSXOpeningElement[name.name='Loader']:has(JSXAttribute[name.name='aria-label']):not(:has(JSXAttribute[name.name='role']))",
  message: 'A labelled <Loader> needs role="status" (a span may not carry aria-label).',
};
// A person looks the same on every screen: same letter, same colour (issue 41).
const onePersonAvatar = {
  selector: "JSXOpeningElement[name.name='Avatar']",
  message: 'Show a person with <MemberAvatar> (src/components/member-avatar.tsx), not <Avatar>.',
};

// Walls between the web app's layers (docs/architecture.md): app → features → shared folders.
const webSrc = 'apps/web/src';
const webFeatures = readdirSync(`${import.meta.dirname}/${webSrc}/features`, {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webShared = ['components', 'hooks', 'lib', 'config', 'i18n'].map((d) => `${webSrc}/${d}`);
const otherFeatureMessage =
  'A feature imports no other feature: move what several features use to src/components, ' +
  'src/hooks or src/lib (queries several features read: src/lib/queries), or compose the ' +
  'features in src/app (pages, layouts) and pass data in through props.';
const appMessage =
  'Features sit below the app: take paths from src/config/paths, and let src/app pass in what ' +
  'a feature needs (props, slots) instead of importing the app.';
const sharedMessage =
  'Shared folders (components, hooks, lib, config, i18n, test) import no feature and not the ' +
  'app: move the piece you need down into a shared folder, or compose it in src/app.';
/** The zones; `testExcept` lists what tests may still reach across (see the test block below). */
function webZones(testExcept = { features: [], app: [], shared: [] }) {
  return [
    ...webFeatures.map((feature) => ({
      target: `${webSrc}/features/${feature}`,
      from: `${webSrc}/features`,
      except: [`./${feature}`, ...testExcept.features],
      message: otherFeatureMessage,
    })),
    {
      target: `${webSrc}/features`,
      from: `${webSrc}/app`,
      except: testExcept.app,
      message: appMessage,
    },
    {
      target: webShared,
      from: `${webSrc}/features`,
      except: testExcept.shared,
      message: sharedMessage,
    },
    { target: webShared, from: `${webSrc}/app`, except: testExcept.app, message: sharedMessage },
    // The test harness renders the app's providers; it reaches into no feature.
    { target: `${webSrc}/test`, from: `${webSrc}/features`, message: sharedMessage },
  ];
}

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
    // Served as they are (apps/web/public): classic browser scripts, no module, no build step.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
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
      'no-restricted-syntax': ['error', labelledLoader, onePersonAvatar],
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
    // The one place a person's avatar is drawn.
    files: ['apps/web/src/components/member-avatar.tsx'],
    rules: { 'no-restricted-syntax': ['error', labelledLoader] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests only: they mount the real app providers and the live connection a screen runs in,
    // and share the API stubs of kanban's and chat's test fixtures. Nothing else is let through.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webZones({
            features: ['./kanban/test', './chat/test', './live/components/live-provider.tsx'],
            app: ['./providers.tsx'],
            // confirm-by-typing's test drives the two dialogs built on it.
            shared: [
              './kanban/test',
              './teams/components/delete-team-modal.tsx',
              './workspaces/components/settings/danger-tab.tsx',
            ],
          }),
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
