import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AppProviders } from '../../../app/providers';
import { installBrowserShims } from '../../../test/render';
import { ok, stubApi, type ApiCall } from '../../../test/stub-api';
import { ChangePasswordForm } from './change-password-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(): ApiCall[] {
  installBrowserShims();
  const calls = stubApi((call) => (call.path === '/api/users/password' ? ok(null) : undefined));
  render(
    <AppProviders>
      <ChangePasswordForm />
    </AppProviders>,
  );
  return calls;
}

function fill(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByTestId('password-current'), { target: { value: current } });
  fireEvent.change(screen.getByTestId('password-new'), { target: { value: next } });
  fireEvent.change(screen.getByTestId('password-confirm'), { target: { value: confirm } });
  fireEvent.click(screen.getByTestId('password-submit'));
}

describe('ChangePasswordForm', () => {
  it('refuses abcdefgh with the sign-up policy message and sends nothing', async () => {
    const calls = renderForm();
    fill('OldPass123', 'abcdefgh', 'abcdefgh');
    expect(await screen.findByText('8자 이상, 대소문자, 숫자를 포함해야 합니다.')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/users/password')).toEqual([]);
  });

  it('sends a password that meets the policy', async () => {
    const calls = renderForm();
    fill('OldPass123', 'NewPass123', 'NewPass123');
    await vi.waitFor(() =>
      expect(calls.find((call) => call.path === '/api/users/password')?.body).toEqual({
        currentPassword: 'OldPass123',
        newPassword: 'NewPass123',
      }),
    );
  });
});
