import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** JWT_SECRET when set; otherwise one generated on first start and kept in DATA_DIR. */
export async function resolveJwtSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', 'jwt.key');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const secret = randomBytes(48).toString('base64url');
    try {
      await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another instance on the same directory won the race: use its secret.
      return (await fs.readFile(file, 'utf8')).trim();
    }
  }
}
