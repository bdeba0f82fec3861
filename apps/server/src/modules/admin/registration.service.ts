import { adminMessages, type InstanceSettings } from '@teamup/contracts/admin';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { forbidden } from '../../platform/errors/app-error';
import * as repo from './admin.repo';

/*
 * Who may create an account and with which role (decision 0050), asked by every way an account is
 * made (sign-up with a code, a first social sign-in) through the users service. Existing accounts
 * sign in whatever the policy says.
 */

export async function readInstanceSettings(db: Db): Promise<InstanceSettings> {
  const row = await repo.readSettings(db);
  return {
    registration: row?.registration ?? 'OPEN',
    allowedDomains: row?.allowedDomains ?? [],
    updatedAt: row?.updatedAt?.toISOString() ?? null,
  };
}

/** Whether `email`'s domain is `domain` or a subdomain of it. */
export function inDomain(email: string, domain: string): boolean {
  const host = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * Throws 403 REGISTRATION_CLOSED when the policy does not let `email` make an account `via` this
 * way in. Only single sign-on makes accounts under SSO_ONLY, or when OIDC_LOCAL_SIGNUP=false.
 */
export async function assertMayRegister(
  ctx: AppContext,
  email: string,
  via: 'LOCAL' | 'GOOGLE' | 'KAKAO' | 'SSO',
  db = ctx.database.db,
) {
  const address = email.toLowerCase();
  // The named admins can always get in, or no one could open a closed instance.
  if (ctx.config.adminEmails.includes(address)) return;
  const { registration, allowedDomains } = await readInstanceSettings(db);
  const sso = ctx.config.oidc;
  if (via !== 'SSO' && sso && (registration === 'SSO_ONLY' || !sso.localSignup)) {
    throw forbidden(
      adminMessages.registrationSsoOnly(sso.displayName),
      ErrorCode.REGISTRATION_CLOSED,
    );
  }
  if (registration === 'OPEN' || registration === 'SSO_ONLY') return;
  if (registration === 'DOMAINS' && allowedDomains.some((domain) => inDomain(address, domain))) {
    return;
  }
  if (await repo.isInvited(db, address)) return;
  throw forbidden(
    registration === 'DOMAINS'
      ? adminMessages.registrationDomain
      : adminMessages.registrationInviteOnly,
    ErrorCode.REGISTRATION_CLOSED,
  );
}

/**
 * The role of an account about to be made: ADMIN for an address ADMIN_EMAILS names, or for the
 * first account of an instance that names none.
 */
export async function roleForNewAccount(
  ctx: AppContext,
  email: string,
  db = ctx.database.db,
): Promise<'USER' | 'ADMIN'> {
  const { adminEmails } = ctx.config;
  if (adminEmails.length > 0) return adminEmails.includes(email.toLowerCase()) ? 'ADMIN' : 'USER';
  return (await repo.anyUserExists(db)) ? 'USER' : 'ADMIN';
}

/** After an account was made: its invitation, if any, is used. */
export async function accountMade(ctx: AppContext, email: string, db = ctx.database.db) {
  await repo.markInvitationUsed(db, email.toLowerCase(), ctx.now());
}
