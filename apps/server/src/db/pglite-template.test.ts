import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyTemplate, pgliteVersion, type PgliteTemplateStamp } from './client';

/*
 * A fresh DATA_DIR copies the build's template. A build that replaces the template while a server
 * copies it (the test suite's start test rebuilt it while other servers started) once left a copy
 * with files of two databases: "PGlite failed to initialize properly".
 */
let scratch: string;
let template: string;
let dataDir: string;

async function writeTemplate(build: string, content: string) {
  await fsp.mkdir(template, { recursive: true });
  await fsp.writeFile(path.join(template, 'PG_VERSION'), content);
  const stamp: PgliteTemplateStamp = { pglite: pgliteVersion(), build };
  await fsp.writeFile(path.join(template, 'teamup-template.json'), JSON.stringify(stamp));
}

beforeEach(async () => {
  scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'teamup-template-'));
  template = path.join(scratch, 'template');
  dataDir = path.join(scratch, 'data');
});
afterEach(async () => {
  await fsp.rm(scratch, { recursive: true, force: true });
});

describe('copying the database template', () => {
  it('copies a template that stays as it was, without its stamp', async () => {
    await writeTemplate('build-1', 'one');
    expect(await copyTemplate(template, dataDir)).toBe(true);
    expect(await fsp.readFile(path.join(dataDir, 'PG_VERSION'), 'utf8')).toBe('one');
    expect(await fsp.readdir(dataDir)).toEqual(['PG_VERSION']);
  });

  it('throws the copy away when another build replaced the template meanwhile', async () => {
    await writeTemplate('build-1', 'one');
    const copied = await copyTemplate(template, dataDir, async (from, to, skip) => {
      await fsp.cp(from, to, { recursive: true, filter: (source) => !skip(source) });
      await writeTemplate('build-2', 'two');
    });
    expect(copied).toBe(false);
    expect(await fsp.readdir(scratch)).toEqual(['template']);
  });

  it('throws the copy away when the template went away meanwhile', async () => {
    await writeTemplate('build-1', 'one');
    const copied = await copyTemplate(template, dataDir, async (from, to, skip) => {
      await fsp.cp(from, to, { recursive: true, filter: (source) => !skip(source) });
      await fsp.rm(template, { recursive: true });
    });
    expect(copied).toBe(false);
    expect(await fsp.readdir(scratch)).toEqual([]);
  });
});
