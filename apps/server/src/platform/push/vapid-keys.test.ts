import { createECDH } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { resolveVapidKeys } from './vapid-keys';

const dirs: string[] = [];
async function dataDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-vapid-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe('the VAPID key pair', () => {
  it('is generated once into DATA_DIR (0600), then read back', async () => {
    const dir = await dataDir();
    const first = await resolveVapidKeys(undefined, dir);
    // A P-256 pair: the public key is the private key's point.
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(first.privateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(first.publicKey);
    expect(await resolveVapidKeys(undefined, dir)).toEqual(first);
    const stat = await fs.stat(path.join(dir, 'secrets', 'vapid.json'));
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('comes from the environment when set, and nothing is written', async () => {
    const dir = await dataDir();
    const configured = loadConfig({
      DATA_DIR: dir,
      VAPID_PUBLIC_KEY: 'B'.repeat(87),
      VAPID_PRIVATE_KEY: 'a'.repeat(43),
    }).push.vapidKeys;
    expect(await resolveVapidKeys(configured, dir)).toEqual(configured);
    await expect(fs.stat(path.join(dir, 'secrets', 'vapid.json'))).rejects.toThrow();
  });

  it('refuses a damaged file instead of replacing it (every subscription would be lost)', async () => {
    const dir = await dataDir();
    await fs.mkdir(path.join(dir, 'secrets'));
    const file = path.join(dir, 'secrets', 'vapid.json');
    for (const content of ['', '{"publicKey":"x"', '{"publicKey":"x","privateKey":"y"}']) {
      await fs.writeFile(file, content);
      await expect(resolveVapidKeys(undefined, dir)).rejects.toBeInstanceOf(ConfigError);
      expect(await fs.readFile(file, 'utf8')).toBe(content);
    }
  });

  it('is configured whole or not at all, and the subject defaults to MAIL_FROM’s address', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'a'.repeat(43) }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_SUBJECT: 'admin@school.example' })).toThrow(ConfigError);
    expect(loadConfig({ MAIL_FROM: 'TeamUp <no-reply@school.example>' }).push.subject).toBe(
      'mailto:no-reply@school.example',
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUSH_TEST_ALLOW_LOCAL_HTTP: 'true' }),
    ).toThrow(ConfigError);
  });
});
