/**
 * Writes the served OpenAPI document to a file: builds the app on a throwaway DATA_DIR (an in-memory
 * embedded database, no web build) and asks it for /api/docs/json, and, given a second file, the
 * live events' AsyncAPI document (/api/docs/asyncapi.json). scripts/openapi-lint.mjs lints both
 * (part of `npm run lint`).
 * Usage: node --import tsx apps/server/src/openapi-document.ts <out.json> [<asyncapi.json>]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';

const out = process.argv[2];
const asyncApiOut = process.argv[3];
if (!out) throw new Error('usage: openapi-document.ts <out.json> [<asyncapi.json>]');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamup-openapi-'));
try {
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'error' });
  // In memory: nothing of it outlives the run, and no files are written for it.
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const app = await buildApp(
    { ...config, webDistDir: path.join(dataDir, 'no-web') },
    { logger: pino({ level: 'error' }), database },
  );
  try {
    const response = await app.inject({ url: '/api/docs/json' });
    if (response.statusCode !== 200) throw new Error(`/api/docs/json: ${response.statusCode}`);
    fs.writeFileSync(out, JSON.stringify(response.json(), null, 2));
    if (asyncApiOut) {
      const events = await app.inject({ url: '/api/docs/asyncapi.json' });
      if (events.statusCode !== 200) {
        throw new Error(`/api/docs/asyncapi.json: ${events.statusCode}`);
      }
      fs.writeFileSync(asyncApiOut, JSON.stringify(events.json(), null, 2));
    }
  } finally {
    await app.close();
    await database.close();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
