#!/usr/bin/env node
// npm run test:changed [-- <ref>]: the loop between commits. Lints and formats the files changed
// since the branch left `main` (committed, staged, unstaged and new), then runs the unit and
// integration tests those files reach through their imports (vitest --changed), on PGlite. Not a
// substitute for npm test: no typecheck, no PostgreSQL pass, no web build, no browser journeys.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const git = (...args) => spawnSync('git', args, { encoding: 'utf8' });

/** The given ref, else where this branch left main, else HEAD (only the uncommitted changes). */
function baseRef() {
  const given = process.argv[2];
  if (given) return given;
  const mergeBase = git('merge-base', 'HEAD', 'main');
  return mergeBase.status === 0 ? mergeBase.stdout.trim() : 'HEAD';
}

const base = baseRef();
// The files vitest's --changed takes too: committed since the base, staged, unstaged and new.
const changed = [
  git('diff', '--name-only', `${base}...HEAD`),
  git('diff', '--cached', '--name-only'),
  git('ls-files', '--other', '--modified', '--exclude-standard'),
]
  .flatMap((result) => result.stdout.split('\n'))
  .filter((file, index, all) => file !== '' && all.indexOf(file) === index && existsSync(file));
console.log(`changed since ${base}: ${changed.length} file(s)`);

let failed = false;
function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failed = true;
}

const lintable = changed.filter((file) => /\.(?:[cm]?js|tsx?)$/.test(file));
if (lintable.length > 0) {
  run('eslint', 'npx', [
    'eslint',
    '--cache',
    '--cache-location',
    'node_modules/.cache/eslint/',
    '--max-warnings=0',
    '--no-warn-ignored',
    ...lintable,
  ]);
}
if (changed.length > 0) {
  run('prettier', 'npx', ['prettier', '--check', '--ignore-unknown', ...changed]);
}
run(
  'tests the changes reach (PGlite)',
  'npx',
  ['vitest', 'run', '--changed', base, '--passWithNoTests'],
  { TEST_DB_KIND: 'pglite' },
);
process.exit(failed ? 1 : 0);
