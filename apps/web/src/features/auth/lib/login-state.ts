/** What other screens may hand the login page in router state (spec 01 section 2). */
export interface LoginLocationState {
  /** Where to return after login (set by the protected layout). */
  from?: string;
  /** A prefilled e-mail (after sign-up or a password reset). */
  email?: string;
  /** A success text shown above the form. */
  message?: string;
  /** Just signed up: the page offers no sign-up again (issue 41). */
  signedUp?: boolean;
}

/** Reads router state defensively: it survives reloads and may hold anything. */
export function readLoginState(state: unknown): LoginLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const record = state as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return {
    from: text(record.from),
    email: text(record.email),
    message: text(record.message),
    ...(record.signedUp === true ? { signedUp: true } : {}),
  };
}
