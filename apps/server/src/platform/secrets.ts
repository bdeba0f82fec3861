import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, isPublishedPlaceholder, JWT_SECRET_MIN_BYTES } from '../config';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-files';

/**
 * A secret read from a file in DATA_DIR, held to what JWT_SECRET is held to in the environment:
 * an emptied, cut or hand-written file would otherwise sign every token with a key anyone can
 * guess (an empty file: an empty HMAC key).
 */
function checkedFileSecret(secret: string, file: string): string {
  const bytes = Buffer.byteLength(secret);
  if (bytes < JWT_SECRET_MIN_BYTES) {
    throw new ConfigError(
      `Invalid configuration:\n${file} holds a secret of ${bytes} bytes, fewer than the ${JWT_SECRET_MIN_BYTES} required: put a random one there (\`openssl rand -hex 32\`), or delete the file to have one generated (either signs everyone out)`,
    );
  }
  if (isPublishedPlaceholder(secret)) {
    throw new ConfigError(
      `Invalid configuration:\n${file} holds a placeholder published in .env.example: put a random secret there (\`openssl rand -hex 32\`)`,
    );
  }
  return secret;
}

/** JWT_SECRET when set; otherwise one generated on first start and kept in DATA_DIR. */
export async function resolveJwtSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', 'jwt.key');
  const kept = async () => checkedFileSecret((await fs.readFile(file, 'utf8')).trim(), file);
  try {
    return await kept();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    await ensurePrivateDir(path.dirname(file));
    const secret = randomBytes(48).toString('base64url');
    try {
      await fs.writeFile(file, secret, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      return secret;
    } catch {
      // Another instance on the same directory won the race: use its secret.
      return kept();
    }
  }
}
