import { randomBytes } from 'node:crypto';
import type { Metadata } from 'sharp';
import type { Readable } from 'node:stream';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import type { User, UpdateProfileInput, UserProfile } from '@teamup/contracts/users';
import type { updateProfileSchema } from '@teamup/contracts/users';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { AccessCaches, clearAccessCaches } from '../../platform/access-cache';
import { AppError, badRequest, notFound, tooManyRequests } from '../../platform/errors/app-error';
import * as registration from '../admin/registration.service';
import { publicFileUrl, publicKeyFor } from '../files/files.service';
import { presentUser } from './users.presenter';
export { defaultDisplayName } from './users.presenter';
import * as repo from './users.repo';
import type { NewUserRow } from './users.repo';

export type Credentials = {
  id: number;
  passwordHash: string | null;
  provider: User['provider'];
  /** Set when an instance admin deactivated the account (decision 0050). */
  deactivatedAt: Date | null;
};

const userNotFound = () => notFound('사용자를 찾을 수 없습니다.', ErrorCode.USER_NOT_FOUND);

/** Kept reads that carry a user's name and picture (room access, kanban boards) on every instance. */
async function clearProfileCopies(ctx: AppContext, userId: number) {
  await clearAccessCaches(ctx, { caches: [AccessCaches.room], userIds: [userId] });
  await clearAccessCaches(ctx, { caches: [AccessCaches.kanbanBoard] });
}

export async function getUser(ctx: AppContext, userId: number): Promise<User> {
  const row = await repo.findUserById(ctx.database.db, userId);
  if (!row) throw userNotFound();
  return presentUser(row);
}

export async function updateProfile(
  ctx: AppContext,
  userId: number,
  input: ReturnType<typeof updateProfileSchema.parse>,
): Promise<User> {
  const patch: repo.ProfilePatch = {};
  for (const [key, value] of Object.entries(input) as Array<[keyof typeof input, unknown]>) {
    if (value !== undefined) Object.assign(patch, { [key]: value });
  }
  const row = await repo.updateUser(ctx.database.db, userId, patch, ctx.now());
  if (!row) throw userNotFound();
  await clearProfileCopies(ctx, userId);
  // A saved profile (the prompt's "저장" or the profile editor) ends the after-login prompt.
  return presentUser((await repo.markProfilePromptDone(ctx.database.db, userId, ctx.now())) ?? row);
}

/** The prompt's "나중에 하기": the prompt is not offered again, on any device (issue 41). */
export async function dismissProfilePrompt(ctx: AppContext, userId: number): Promise<User> {
  const row =
    (await repo.markProfilePromptDone(ctx.database.db, userId, ctx.now())) ??
    (await repo.findUserById(ctx.database.db, userId));
  if (!row) throw userNotFound();
  return presentUser(row);
}
export type { UpdateProfileInput };

const acceptedImageFormats = new Set(['jpeg', 'png', 'gif', 'webp']);

/**
 * Checks the bytes (not the name) are a JPG, PNG, GIF or WebP image, re-encodes it to a square
 * WebP at an unguessable public URL, and points the profile at it.
 */
export async function setProfileImage(
  ctx: AppContext,
  userId: number,
  file: Readable,
): Promise<string> {
  const bytes = await readLimited(file, Limits.profileImageMaxBytes);
  const imageUrl = await storePublicImage(ctx, 'avatars', bytes, 512);
  const row = await repo.updateUser(
    ctx.database.db,
    userId,
    { profileImageUrl: imageUrl },
    ctx.now(),
  );
  if (!row) throw userNotFound();
  await clearProfileCopies(ctx, userId);
  return imageUrl;
}

/** Validates and re-encodes an uploaded image into public storage; answers its URL. */
export async function storePublicImage(
  ctx: AppContext,
  folder: string,
  bytes: Buffer,
  size: number,
): Promise<string> {
  // Loaded on the first image: most starts never process one.
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw badRequest(ErrorCode.IMAGE_INVALID, '이미지 파일만 업로드 가능합니다.');
  }
  if (!metadata.format || !acceptedImageFormats.has(metadata.format)) {
    throw badRequest(ErrorCode.IMAGE_INVALID, '이미지 파일만 업로드 가능합니다.');
  }
  let encoded: Buffer;
  try {
    encoded = await sharp(bytes, { animated: false })
      .rotate()
      .resize(size, size, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw badRequest(ErrorCode.IMAGE_INVALID, '이미지 파일을 처리할 수 없습니다.');
  }
  const key = publicKeyFor(folder, `${randomBytes(18).toString('base64url')}.webp`);
  await ctx.storage.put(key, encoded, 'image/webp');
  return publicFileUrl(key);
}

/** Reads a stream into memory up to `max` bytes; larger answers 413 with the spec's message. */
export async function readLimited(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > max) {
      stream.resume();
      throw new AppError(413, ErrorCode.FILE_TOO_LARGE, '파일 크기는 5MB 이하여야 합니다.');
    }
    chunks.push(buffer);
  }
  if ((stream as Readable & { truncated?: boolean }).truncated) {
    throw new AppError(413, ErrorCode.FILE_TOO_LARGE, '파일 크기는 5MB 이하여야 합니다.');
  }
  return Buffer.concat(chunks);
}

export async function searchHashtags(ctx: AppContext, query: string): Promise<string[]> {
  return repo.searchHashtags(ctx.database.db, query, 10);
}

/**
 * Someone's profile for a person who shares a workspace with them (or for themselves); to
 * anyone else they do not exist.
 */
export async function getVisibleProfile(
  ctx: AppContext,
  viewerId: number,
  userId: number,
): Promise<UserProfile> {
  const [row, shared] = await Promise.all([
    repo.findUserById(ctx.database.db, userId),
    repo.sharedWorkspaces(ctx.database.db, viewerId, userId),
  ]);
  if (!row || (viewerId !== userId && shared.length === 0)) {
    throw notFound('사용자를 찾을 수 없습니다.', ErrorCode.USER_NOT_FOUND);
  }
  return { ...presentUser(row), sharedWorkspaces: shared };
}

export async function isEmailRegistered(ctx: AppContext, email: string): Promise<boolean> {
  return repo.emailExists(ctx.database.db, email);
}

/**
 * Questions that say whether an address has an account (check-duplicate, and sign-up's 409 that
 * the spec asks for) share one hourly budget per IP, so addresses cannot be enumerated in bulk.
 */
export const EMAIL_LOOKUPS_PER_IP_PER_HOUR = 100;

export async function countEmailLookup(ctx: AppContext, ip: string): Promise<void> {
  const budget = await ctx.limiter.hit(
    `email-lookup-ip:${ip}`,
    EMAIL_LOOKUPS_PER_IP_PER_HOUR,
    3600,
  );
  if (!budget.allowed) throw tooManyRequests(budget.retryAfterSeconds);
}

// --- for the auth module -------------------------------------------------------------------

const credentialsOf = (row: repo.UserRow): Credentials => ({
  id: row.id,
  passwordHash: row.passwordHash,
  provider: row.provider,
  deactivatedAt: row.deactivatedAt,
});

export async function findCredentials(
  ctx: AppContext,
  email: string,
): Promise<Credentials | undefined> {
  const row = await repo.findUserByEmail(ctx.database.db, email);
  return row && credentialsOf(row);
}

export async function findCredentialsById(
  ctx: AppContext,
  userId: number,
): Promise<Credentials | undefined> {
  const row = await repo.findUserById(ctx.database.db, userId);
  return row && credentialsOf(row);
}

/**
 * Makes an account as the registration policy allows (403 REGISTRATION_CLOSED otherwise), an
 * admin when it is one of the named admins or the first account (decision 0050); undefined when
 * the e-mail is already registered.
 */
async function insertAccount(ctx: AppContext, row: NewUserRow, from: RequestOrigin | null, db: Db) {
  await registration.assertMayRegister(ctx, row.email, row.provider ?? 'LOCAL', db);
  const role = await registration.roleForNewAccount(ctx, row.email, db);
  const inserted = await repo.insertUser(db, { ...row, role });
  if (inserted) {
    await registration.accountMade(ctx, row.email, db);
    // In the transaction that made it: no entry for an account rolled back.
    await recordAudit(
      ctx,
      {
        action: 'ACCOUNT_CREATED',
        actorId: inserted.id,
        details: { provider: inserted.provider, role },
        from,
      },
      db,
    );
  }
  return inserted;
}

/** Creates a LOCAL account; undefined when the e-mail is already registered. */
export async function createLocalUser(
  ctx: AppContext,
  input: { email: string; name: string; passwordHash: string },
  from: RequestOrigin | null,
  db = ctx.database.db,
): Promise<User | undefined> {
  const row = await insertAccount(ctx, { ...input, provider: 'LOCAL' }, from, db);
  return row && presentUser(row);
}

/**
 * Creates an account from a social login (no password). Undefined when the e-mail is already
 * registered (the caller decides whether to link instead).
 */
export async function createSocialUser(
  ctx: AppContext,
  input: {
    email: string;
    name: string;
    provider: 'GOOGLE' | 'KAKAO' | 'SSO';
    providerUserId: string;
    profileImageUrl: string | null;
  },
  from: RequestOrigin,
  db = ctx.database.db,
): Promise<User | undefined> {
  const row = await insertAccount(ctx, { ...input, passwordHash: null }, from, db);
  return row && presentUser(row);
}

/**
 * Reads whether the account is deactivated, holding its row until the caller's transaction ends:
 * a deactivation (which updates the row) waits for a session being opened, then revokes it, or
 * the opening sees it and stops (decision 0050).
 */
export async function isDeactivatedForUpdate(db: Db, userId: number): Promise<boolean> {
  return repo.isDeactivatedLocked(db, userId);
}

export async function setPasswordHash(
  ctx: AppContext,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await repo.updateUser(ctx.database.db, userId, { passwordHash }, ctx.now());
}
