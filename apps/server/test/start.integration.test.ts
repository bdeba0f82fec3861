import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { migrationsFolder, pgliteTemplateDir } from '../src/platform/server-root';
import { serverDir, startServer } from './server-process';
import { testDbKind } from './test-app';

/**
 * What `npm start` runs (decision 0015): the server bundled by scripts/build-server.mjs, and a
 * fresh DATA_DIR started from the build's migrated database template instead of an initdb.
 */
const runs = testDbKind === 'pglite';
if (!runs) {
  console.log(
    'start test skipped on PostgreSQL: the bundle and the template are the embedded default’s',
  );
}

const repoRoot = path.resolve(serverDir, '../..');
let scratch: string;

/** The "database ready" line's origin field, from the server's JSON log. */
function originLogged(stdout: string): unknown {
  const line = stdout.split('\n').find((text) => text.includes('"database ready"'));
  return line ? (JSON.parse(line) as { origin?: unknown }).origin : undefined;
}

async function migrationCount(dataDir: string) {
  const client = new PGlite(dataDir);
  try {
    const result = await client.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
    );
    return result.rows[0]!.count;
  } finally {
    await client.close();
  }
}

async function journalEntries() {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

async function openModes(root: string): Promise<string[]> {
  const open: string[] = [];
  const walk = async (dir: string) => {
    if (((await fs.stat(dir)).mode & 0o077) !== 0) open.push(dir);
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && ((await fs.stat(full)).mode & 0o077) !== 0) open.push(full);
    }
  };
  await walk(root);
  return open;
}

describe.skipIf(!runs)('the built server, as npm start runs it', () => {
  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-start-'));
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('a fresh DATA_DIR starts from the template, private and fully migrated; a restart opens it', async () => {
    const dataDir = path.join(scratch, 'data');
    const first = await startServer({ dataDir, entry: 'bundle', logLevel: 'info' });
    try {
      expect(originLogged(first.stdout())).toBe('from-template');
      const ready = await fetch(`${first.url}/api/health/ready`);
      expect(ready.status).toBe(200);
    } finally {
      expect((await first.stop()).code).toBe(0);
    }
    // The copy is the server's user's only, like a database it made itself.
    expect(await openModes(path.join(dataDir, 'db'))).toEqual([]);
    expect(await migrationCount(path.join(dataDir, 'db'))).toBe(await journalEntries());
    // No staging copy is left beside it.
    expect((await fs.readdir(dataDir)).filter((name) => name.includes('template'))).toEqual([]);

    const second = await startServer({ dataDir, entry: 'bundle', logLevel: 'info' });
    try {
      expect(originLogged(second.stdout())).toBe('opened');
    } finally {
      await second.stop();
    }
  });

  it('a template made by another PGlite version is not used: the database is created instead', async () => {
    const otherTemplate = path.join(scratch, 'other-template');
    await fs.cp(pgliteTemplateDir, otherTemplate, { recursive: true });
    await fs.writeFile(
      path.join(otherTemplate, 'teamup-template.json'),
      JSON.stringify({ pglite: '0.0.1' }),
    );
    const dataDir = path.join(scratch, 'other-db');
    const database = await openDatabase({ kind: 'pglite', dataDir, template: otherTemplate });
    try {
      expect(database.origin).toBe('created');
    } finally {
      await database.close();
    }
    expect(await migrationCount(dataDir)).toBe(await journalEntries());
  });
});
