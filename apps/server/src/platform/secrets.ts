import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-files';

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
    await ensurePrivateDir(path.dirname(file));
    const secret = randomBytes(48).toString('base64url');
    try {
      await fs.writeFile(file, secret, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      return secret;
    } catch {
      // Another instance on the same directory won the race: use its secret.
      return (await fs.readFile(file, 'utf8')).trim();
    }
  }
}
