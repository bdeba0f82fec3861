import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { resolveJwtSecret } from './secrets';

const dirs: string[] = [];
async function dataDirWithKey(content: string | undefined) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-secrets-'));
  dirs.push(dir);
  if (content !== undefined) {
    await fs.mkdir(path.join(dir, 'secrets'));
    await fs.writeFile(path.join(dir, 'secrets', 'jwt.key'), content);
  }
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe('the JWT secret kept in DATA_DIR', () => {
  it('is generated once, then read back', async () => {
    const dir = await dataDirWithKey(undefined);
    const first = await resolveJwtSecret(undefined, dir);
    expect(Buffer.byteLength(first)).toBeGreaterThanOrEqual(32);
    expect(await resolveJwtSecret(undefined, dir)).toBe(first);
  });

  it('is held to what JWT_SECRET is held to: 32 bytes, no published placeholder', async () => {
    for (const content of ['', '\n', 'short-secret\n', 'x'.repeat(31)]) {
      const dir = await dataDirWithKey(content);
      const refused = resolveJwtSecret(undefined, dir);
      await expect(refused, JSON.stringify(content)).rejects.toBeInstanceOf(ConfigError);
      await expect(refused).rejects.toThrow(
        /jwt\.key holds a secret of \d+ bytes, fewer than the 32/,
      );
      // Refused, not replaced: the file is the operator's to mend.
      expect(await fs.readFile(path.join(dir, 'secrets', 'jwt.key'), 'utf8')).toBe(content);
    }
    const placeholder = await dataDirWithKey('change-me-to-the-output-of-openssl-rand-hex-32-jwt');
    await expect(resolveJwtSecret(undefined, placeholder)).rejects.toThrow(
      /placeholder published in \.env\.example/,
    );
    const good = await dataDirWithKey(`${'k'.repeat(32)}\n`);
    expect(await resolveJwtSecret(undefined, good)).toBe('k'.repeat(32));
  });

  it('is not read when JWT_SECRET is set', async () => {
    const dir = await dataDirWithKey('');
    expect(await resolveJwtSecret('s'.repeat(32), dir)).toBe('s'.repeat(32));
  });
});
