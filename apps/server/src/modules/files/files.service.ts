import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors/app-error';

const PUBLIC_PREFIX = 'public';

export function publicKeyFor(folder: string, name: string): string {
  return `${PUBLIC_PREFIX}/${folder}/${name}`;
}

/** Public images (avatars, workspace icons) are served from unguessable names under this URL. */
export function publicFileUrl(key: string): string {
  return `/api/files/${key}`;
}

const publicName = /^[A-Za-z0-9_-]{16,64}\.webp$/;
const publicFolders = new Set(['avatars', 'icons']);

export async function openPublicImage(
  ctx: AppContext,
  folder: string,
  name: string,
): Promise<Readable> {
  if (!publicFolders.has(folder) || !publicName.test(name))
    throw notFound('파일을 찾을 수 없습니다.');
  const key = publicKeyFor(folder, name);
  try {
    return await ctx.storage.get(key);
  } catch {
    throw notFound('파일을 찾을 수 없습니다.');
  }
}
