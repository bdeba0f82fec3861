import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyEnvFile } from './env-file';
import { loadConfig } from './config';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-env-file-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('.env in the working directory', () => {
  it('sets what the environment does not, and the environment wins where it does', async () => {
    await fs.writeFile(
      path.join(dir, '.env'),
      [
        '# copied from .env.example',
        'PORT=9123',
        'PUBLIC_ORIGIN="https://teamup.school.ac.kr"',
        "SMTP_FROM='TeamUp <noreply@school.ac.kr>'",
        'LOG_LEVEL=debug',
        '',
      ].join('\n'),
    );
    const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'warn', DATA_DIR: dir };
    const result = applyEnvFile(dir, env);
    expect(result).toEqual({
      path: path.join(dir, '.env'),
      applied: ['PORT', 'PUBLIC_ORIGIN', 'SMTP_FROM'],
      environmentWon: ['LOG_LEVEL'],
    });
    expect(env).toMatchObject({
      PORT: '9123',
      PUBLIC_ORIGIN: 'https://teamup.school.ac.kr',
      SMTP_FROM: 'TeamUp <noreply@school.ac.kr>',
      LOG_LEVEL: 'warn',
    });
    // The settings then reach the server's config as if they had been in the environment.
    const config = loadConfig({ ...env, JWT_SECRET: 'x'.repeat(40) });
    expect(config.port).toBe(9123);
    expect(config.logLevel).toBe('warn');
  });

  it('is optional, and a file that cannot be read is said, not skipped', async () => {
    expect(applyEnvFile(dir, {})).toBeNull();
    await fs.mkdir(path.join(dir, '.env'));
    expect(() => applyEnvFile(dir, {})).toThrow(/\.env could not be read/);
  });
});
