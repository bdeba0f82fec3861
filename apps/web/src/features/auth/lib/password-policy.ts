import {
  emailPattern,
  Limits,
  resetPasswordPattern,
  signupPasswordPattern,
} from '@teamup/contracts/limits';
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

/** Sign-up password: 8+ with upper case, lower case and a digit. */
export function checkSignupPassword(password: string): string | null {
  if (!password) return ko.validation.passwordRequired;
  if (password.length > Limits.passwordMax || !signupPasswordPattern.test(password)) {
    return ko.validation.signupPasswordPolicy;
  }
  return null;
}

/** Reset password: 8+ with upper case, lower case, a digit and a special character. */
export function checkResetPassword(password: string): string | null {
  if (!password) return ko.validation.passwordRequired;
  if (password.length < Limits.passwordMin) return ko.validation.passwordTooShort;
  if (password.length > Limits.passwordMax || !resetPasswordPattern.test(password)) {
    return ko.validation.resetPasswordPolicy;
  }
  return null;
}

export type PasswordRuleKey = 'length' | 'upper' | 'lower' | 'digit' | 'special';
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
  special: (password) => /[^A-Za-z0-9]/.test(password),
};

/** The rules of each form: sign-up asks for four, reset for those and a special character. */
const rulesOf: Record<PasswordPolicyKind, readonly PasswordRuleKey[]> = {
  signup: ['length', 'upper', 'lower', 'digit'],
  reset: ['length', 'upper', 'lower', 'digit', 'special'],
};

/**
 * Each rule of a form's password policy with whether `password` meets it, for the live checklist
 * shown under the field. Together they say the same as checkSignupPassword / checkResetPassword.
 */
export function passwordRuleChecks(
  kind: PasswordPolicyKind,
  password: string,
): PasswordRuleCheck[] {
  return rulesOf[kind].map((key) => ({
    key,
    label: ko.passwordRules[key],
    met: ruleTests[key](password),
  }));
}

/** Changed password: at least 8 characters. */
export function checkNewPassword(password: string): string | null {
  if (!password) return ko.validation.passwordRequired;
  if (password.length < Limits.passwordMin) return ko.validation.passwordTooShort;
  return null;
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
