// Must come first: configures zod before the contract schemas are built.
import '../../../lib/zod-setup';
import {
  createInvitationsSchema,
  updateInstanceSettingsSchema,
  type RegistrationPolicy,
  type UpdateInstanceSettings,
} from '@teamup/contracts/admin';
import type { FieldError } from '../../../lib/api-error';
import { adminKo } from '../../../i18n/ko/admin';

/*
 * The admin page's two forms, checked with the contract's own schemas before anything is sent:
 * the registration policy with its domains, and the e-mail addresses to invite.
 */

/** What the policy form may show under its two fields. */
export interface PolicyFormErrors {
  registration?: string;
  allowedDomains?: string;
}

type Checked<T, E> = { ok: true; value: T } | { ok: false; errors: E };

/** A typed domain as the server keeps it: trimmed, lower-case. */
export function normalizeDomain(value: string): string {
  return value.trim().toLowerCase();
}

/** The domains of a TagsInput: each normalised, the empty and repeated ones left out. */
export function normalizeDomains(values: readonly string[]): string[] {
  return [...new Set(values.map(normalizeDomain).filter((domain) => domain !== ''))];
}

/** Checks the policy form as PUT /admin/settings will: DOMAINS needs a domain, each well formed. */
export function checkPolicyForm(
  registration: RegistrationPolicy,
  domains: readonly string[],
): Checked<UpdateInstanceSettings, PolicyFormErrors> {
  const allowedDomains = normalizeDomains(domains);
  const parsed = updateInstanceSettingsSchema.safeParse({ registration, allowedDomains });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: PolicyFormErrors = {};
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    if (field === 'registration') errors.registration ??= issue.message;
    else {
      const domain = typeof index === 'number' ? allowedDomains[index] : undefined;
      errors.allowedDomains ??= domain
        ? adminKo.policy.domainError(domain, issue.message)
        : issue.message;
    }
  }
  return { ok: false, errors };
}

/** A refused save's field errors, by the form field they belong to ('allowedDomains.2'...). */
export function policyErrorsFromProblem(fieldErrors: readonly FieldError[]): PolicyFormErrors {
  const errors: PolicyFormErrors = {};
  for (const { field, message } of fieldErrors) {
    if (field.startsWith('registration')) errors.registration ??= message;
    else if (field.startsWith('allowedDomains')) errors.allowedDomains ??= message;
  }
  return errors;
}

/**
 * The addresses typed in the invitation box: one a line, or separated by commas, semicolons or
 * spaces; lower-cased, each once, in the order typed.
 */
export function parseEmails(text: string): string[] {
  const emails = text
    .split(/[\s,;]+/)
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email !== '');
  return [...new Set(emails)];
}

/**
 * Checks the invitation box as POST /admin/invitations will: one address at least, each well
 * formed, at most AdminLimits.invitationsPerRequest of them.
 */
export function checkInvitations(text: string): Checked<string[], string> {
  const emails = parseEmails(text);
  const parsed = createInvitationsSchema.safeParse({ emails });
  if (parsed.success) return { ok: true, value: parsed.data.emails };
  const issue = parsed.error.issues[0];
  const index = issue?.path[1];
  const email = typeof index === 'number' ? emails[index] : undefined;
  const message = issue?.message ?? adminKo.invitations.inviteFailed;
  return { ok: false, errors: email ? adminKo.invitations.emailError(email, message) : message };
}
