import { describe, expect, it } from 'vitest';
import {
  checkEmail,
  checkNewPassword,
  checkPasswordConfirmation,
  checkResetCode,
  checkResetPassword,
  checkSignupCode,
  checkSignupEmail,
  checkSignupPassword,
  digitsOnly,
  nameFromEmail,
} from './password-policy';

describe('sign-up password policy', () => {
  it('accepts 8+ characters with upper case, lower case and a digit', () => {
    expect(checkSignupPassword('Password1')).toBeNull();
  });

  it.each(['Pass1', 'password1', 'PASSWORD1', 'Password'])('refuses %s', (password) => {
    expect(checkSignupPassword(password)).toBe('8자 이상, 대소문자, 숫자를 포함해야 합니다.');
  });

  it('asks for a password when empty', () => {
    expect(checkSignupPassword('')).toBe('비밀번호를 입력해주세요.');
  });
});

describe('reset password policy', () => {
  it('needs a special character on top of the sign-up rule', () => {
    expect(checkResetPassword('NewPass1!')).toBeNull();
    expect(checkResetPassword('NewPass12')).toBe(
      '8자 이상, 대소문자, 숫자, 특수문자를 포함해야 합니다.',
    );
  });

  it('says the minimum length first', () => {
    expect(checkResetPassword('Ab1!')).toBe('비밀번호는 8자 이상이어야 합니다.');
  });
});

describe('other checks', () => {
  it('changed password: at least 8 characters', () => {
    expect(checkNewPassword('1234567')).toBe('비밀번호는 8자 이상이어야 합니다.');
    expect(checkNewPassword('12345678')).toBeNull();
  });

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
