import { inviteCodePattern } from '@teamup/contracts/limits';

/**
 * An invite followed while logged out, kept for the length of the tab's session so it survives
 * the round trip of a social login (the page is left for the provider and loaded again). The
 * login and sign-up pages set it (or clear it when they carry no invite); the social-login
 * callback takes it and goes on to /ws/{code}, which joins.
 */
const KEY = 'teamup.pendingInvite';

/** The invite code of a `/ws/{code}` address, or null (a numeric segment is a workspace id). */
export function inviteCodeFromPath(path: string | null | undefined): string | null {
  const segment = /^\/ws\/([^/?#]+)\/?(?:\?.*)?$/.exec(path ?? '')?.[1];
  if (!segment) return null;
  const code = decodeURIComponent(segment);
  return inviteCodePattern.test(code) && !/^\d+$/.test(code) ? code : null;
}

/** A usable invite code from a query value, else null. */
export function validInviteCode(value: string | null | undefined): string | null {
  return value && inviteCodePattern.test(value) ? value : null;
}

export function rememberPendingInvite(code: string | null): void {
  try {
    if (code) sessionStorage.setItem(KEY, code);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage refused (private mode): the invite then lasts only as long as the page
  }
}

/** Reads and forgets the pending invite. */
export function takePendingInvite(): string | null {
  try {
    const code = validInviteCode(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
    return code;
  } catch {
    return null;
  }
}
