import { emailPattern, Limits } from '@teamup/contracts/limits';
import { ko } from '../../../i18n/ko';

/**
 * The client-side checks of spec 01 section 5. Each answers the Korean message to show, or null
 * when the value is acceptable.
 */

/** Sign-up e-mail: the spec asks only for an @. */
export function checkSignupEmail(email: string): string | null {
  return email.trim().includes('@') ? null : ko.validation.emailInvalid;
}

/** Login and reset e-mail: a simple name@host.tld shape. */
export function checkEmail(email: string): string | null {
  const trimmed = email.trim();
  return trimmed.length <= Limits.emailMax && emailPattern.test(trimmed)
    ? null
    : ko.validation.emailInvalid;
}

/** Sign-up code: exactly 6 characters. */
export function checkSignupCode(code: string): string | null {
  return code.trim().length === Limits.codeLength ? null : ko.validation.codeLength;
}

/** Reset code: exactly 6 digits. */
export function checkResetCode(code: string): string | null {
  return new RegExp(`^\\d{${Limits.codeLength}}$`).test(code.trim())
    ? null
    : ko.validation.codeLength;
}

/** Keeps digits only, at most 6 (the reset code input). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, Limits.codeLength);
}

export type PasswordRuleKey = 'length' | 'upper' | 'lower' | 'digit';
export type PasswordPolicyKind = 'signup' | 'reset';

export interface PasswordRuleCheck {
  key: PasswordRuleKey;
  label: string;
  met: boolean;
}

const ruleTests: Record<PasswordRuleKey, (password: string) => boolean> = {
  length: (password) =>
    password.length >= Limits.passwordMin && password.length <= Limits.passwordMax,
  upper: (password) => /[A-Z]/.test(password),
  lower: (password) => /[a-z]/.test(password),
  digit: (password) => /\d/.test(password),
};

/** One policy for every form that sets a password (issue 41): newPasswordSchema's rules. */
const rules: readonly PasswordRuleKey[] = ['length', 'upper', 'lower', 'digit'];

/**
 * Each rule of the password policy with whether `password` meets it, for the live checklist shown
 * under the field. Together they say the same as checkNewPassword (new-password.ts).
 */
export function passwordRuleChecks(password: string): PasswordRuleCheck[] {
  return rules.map((key) => ({
    key,
    label: ko.passwordRules[key],
    met: ruleTests[key](password),
  }));
}

/** The confirmation must equal the password. */
export function checkPasswordConfirmation(password: string, confirmation: string): string | null {
  return password === confirmation ? null : ko.validation.passwordMismatch;
}

/** The display name given at sign-up: the part of the e-mail before the @, within bounds. */
export function nameFromEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  return local.slice(0, Limits.nameMax);
}
