/**
 * `npm run lint`'s API-document step: writes the OpenAPI document the server serves (built on a
 * throwaway DATA_DIR by apps/server/src/openapi-document.ts) to a temporary file and lints it with
 * Redocly's recommended rules (redocly.yaml); then the live events' AsyncAPI 3 document, with
 * Redocly's recommended rules as they are (redocly.yaml's exceptions are all OpenAPI's). Fails on
 * any error.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamup-openapi-lint-'));
const document = path.join(dir, 'openapi.json');
const events = path.join(dir, 'asyncapi.json');
const eventsConfig = path.join(dir, 'redocly-asyncapi.yaml');
fs.writeFileSync(eventsConfig, 'extends:\n  - recommended\n');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
}

run(process.execPath, ['--import', 'tsx', 'apps/server/src/openapi-document.ts', document, events]);
run(process.execPath, [
  path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
  'lint',
  document,
  '--config',
  path.join(root, 'redocly.yaml'),
  '--format',
  'summary',
]);
run(process.execPath, [
  path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
  'lint',
  events,
  '--config',
  eventsConfig,
  '--format',
  'summary',
]);
fs.rmSync(dir, { recursive: true, force: true });
