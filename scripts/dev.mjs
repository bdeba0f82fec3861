#!/usr/bin/env node
// `npm run dev`: the API on :8081, restarted when its sources change, and the web app on Vite's
// dev server, which proxies /api and /ws to it (apps/web/vite.config.ts). Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(
    process.execPath,
    // --watch follows every module the server imports (its own and the contracts).
    ['--watch', '--import', 'tsx', 'apps/server/src/main.ts'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } },
  ),
  spawn('npm', ['run', 'dev', '-w', '@teamup/web'], { cwd: root, stdio: 'inherit' }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
