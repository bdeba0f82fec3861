import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const deriveKey = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'teamup', 'secret-box:v1', 32));

/**
 * Encrypts small secrets kept in the database (TOTP seeds) with AES-256-GCM under a key derived
 * from a server secret, so a copy of the database alone does not reveal them. Values sealed under
 * a previous secret still open (GCM's tag tells the keys apart); `unseal` says when a value should
 * be sealed again under the current one.
 */
export class SecretBox {
  private readonly key: Buffer;
  private readonly previousKeys: Buffer[];

  /** `secret` seals and opens; each of `previousSecrets` only opens. */
  constructor(secret: string, previousSecrets: readonly string[] = []) {
    this.key = deriveKey(secret);
    this.previousKeys = previousSecrets
      .filter((previous) => previous !== secret)
      .map((previous) => deriveKey(previous));
  }

  /** `v1.{iv}.{tag}.{ciphertext}`, base64url parts. */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    return this.unseal(sealed).plain;
  }

  /** The plain value, and whether it was sealed under a previous secret (`stale`: seal it again). */
  unseal(sealed: string): { plain: string; stale: boolean } {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('sealed value');
    const parts = [iv, tag, data].map((part) => Buffer.from(part, 'base64url')) as [
      Buffer,
      Buffer,
      Buffer,
    ];
    for (const [index, key] of [this.key, ...this.previousKeys].entries()) {
      const plain = tryOpen(key, ...parts);
      if (plain !== undefined) return { plain, stale: index > 0 };
    }
    throw new Error('sealed value: no key opens it');
  }
}

function tryOpen(key: Buffer, iv: Buffer, tag: Buffer, data: Buffer): string | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * The server's box: under DATA_ENCRYPTION_KEY when set, still opening values sealed under the JWT
 * secret (installs from before the key existed); under the JWT secret alone otherwise, as before.
 */
export function secretBoxFor(dataEncryptionKey: string | undefined, jwtSecret: string): SecretBox {
  return dataEncryptionKey
    ? new SecretBox(dataEncryptionKey, [jwtSecret])
    : new SecretBox(jwtSecret);
}
