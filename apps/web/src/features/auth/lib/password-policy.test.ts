import { describe, expect, it } from 'vitest';
import { checkNewPassword } from './new-password';
import {
  checkEmail,
  checkPasswordConfirmation,
  checkResetCode,
  checkSignupCode,
  checkSignupEmail,
  digitsOnly,
  nameFromEmail,
  passwordRuleChecks,
} from './password-policy';

describe('the one password policy (sign-up, change and reset)', () => {
  it('accepts 8+ characters with upper case, lower case and a digit', () => {
    expect(checkNewPassword('Password1')).toBeNull();
  });

  it.each(['abcdefgh', 'Pass1', 'password1', 'PASSWORD1', 'Password', '12345678'])(
    'refuses %s with the one message',
    (password) => {
      expect(checkNewPassword(password)).toBe('8자 이상, 대소문자, 숫자를 포함해야 합니다.');
    },
  );

  it('asks for a password when empty', () => {
    expect(checkNewPassword('')).toBe('비밀번호를 입력해주세요.');
  });

  it('ticks the same rules in the checklist', () => {
    expect(passwordRuleChecks('abcdefgh').map((rule) => [rule.key, rule.met])).toEqual([
      ['length', true],
      ['upper', false],
      ['lower', true],
      ['digit', false],
    ]);
  });
});

describe('other checks', () => {
  it('confirmation must match', () => {
    expect(checkPasswordConfirmation('Password1', 'Password2')).toBe(
      '비밀번호가 일치하지 않습니다.',
    );
    expect(checkPasswordConfirmation('Password1', 'Password1')).toBeNull();
  });

  it('sign-up e-mail needs an @, the reset e-mail a full shape', () => {
    expect(checkSignupEmail('kim')).toBe('올바른 이메일 주소를 입력해주세요.');
    expect(checkSignupEmail('kim@x')).toBeNull();
    expect(checkEmail('kim@x')).toBe('올바른 이메일 주소를 입력해주세요.');
    expect(checkEmail('kim@example.com')).toBeNull();
  });

  it('codes: 6 characters at sign-up, 6 digits at reset', () => {
    expect(checkSignupCode('12345')).toBe('6자리 인증 코드를 입력해주세요.');
    expect(checkSignupCode('123456')).toBeNull();
    expect(checkResetCode('12a456')).toBe('6자리 인증 코드를 입력해주세요.');
    expect(checkResetCode('123456')).toBeNull();
    expect(digitsOnly('1a2-3 4567')).toBe('123456');
  });

  it('derives the display name from the e-mail', () => {
    expect(nameFromEmail('kim.haneul@example.com')).toBe('kim.haneul');
    expect(nameFromEmail(`${'a'.repeat(70)}@example.com`)).toHaveLength(50);
  });
});
