import fs from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import { ConfigError } from '../../config';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../private-files';

/** The server's VAPID key pair (RFC 8292), base64url as web-push takes it. */
export type VapidKeys = { publicKey: string; privateKey: string };

const isKeyPair = (value: unknown): value is VapidKeys =>
  typeof value === 'object' &&
  value !== null &&
  /^[A-Za-z0-9_-]{87}$/.test((value as Partial<VapidKeys>).publicKey ?? '') &&
  /^[A-Za-z0-9_-]{43}$/.test((value as Partial<VapidKeys>).privateKey ?? '');

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; otherwise a pair generated on first start and kept
 * in DATA_DIR (as the JWT secret is, platform/secrets.ts). A new pair would orphan every browser's
 * subscription (they were made with the old public key), so a damaged file stops the start
 * instead of being replaced.
 */
export async function resolveVapidKeys(
  configured: VapidKeys | undefined,
  dataDir: string,
): Promise<VapidKeys> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', 'vapid.json');
  const kept = async (): Promise<VapidKeys> => {
    const text = await fs.readFile(file, 'utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!isKeyPair(parsed)) {
      throw new ConfigError(
        `Invalid configuration:\n${file} does not hold a VAPID key pair: restore it, or delete it to have a new pair generated (every device then has to turn push on again)`,
      );
    }
    return parsed;
  };
  try {
    return await kept();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await ensurePrivateDir(path.dirname(file));
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  try {
    await fs.writeFile(file, JSON.stringify({ publicKey, privateKey }), {
      mode: PRIVATE_FILE_MODE,
      flag: 'wx',
    });
    return { publicKey, privateKey };
  } catch {
    // Another instance on the same directory won the race: use its pair.
    return kept();
  }
}
