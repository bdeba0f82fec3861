import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AppProviders } from '../../../app/providers';
import { installBrowserShims } from '../../../test/render';
import { stubApi } from '../../../test/stub-api';
import { NewPasswordStep } from './new-password-step';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderStep(onSubmit: (password: string) => void) {
  installBrowserShims();
  stubApi(() => undefined, { user: null });
  return render(
    <AppProviders>
      <NewPasswordStep
        purpose="reset"
        pending={false}
        done={false}
        error={null}
        onSubmit={(password) => onSubmit(password)}
        onBack={() => undefined}
      />
    </AppProviders>,
  );
}

const ruleStates = (): Record<string, string | null> =>
  Object.fromEntries(
    within(screen.getByTestId('password-rules'))
      .getAllByRole('listitem')
      .map((item): [string, string | null] => [
        item.getAttribute('data-rule') ?? '',
        item.getAttribute('data-met'),
      ]),
  );

describe('ResetPasswordStep', () => {
  it('shows every rule before anything is typed, none met yet', () => {
    renderStep(() => undefined);
    const input = screen.getByTestId('reset-password');
    const rules = screen.getByTestId('password-rules');
    expect(rules.textContent).toContain('8자 이상');
    const described = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described.split(' ')[0] ?? '')?.contains(rules)).toBe(true);
    expect(ruleStates()).toEqual({
      length: 'false',
      upper: 'false',
      lower: 'false',
      digit: 'false',
    });
  });

  it('refuses abcdefgh with the one policy message and takes a sign-up-grade password', () => {
    const onSubmit = vi.fn();
    renderStep(onSubmit);
    const input = screen.getByTestId('reset-password');
    fireEvent.change(input, { target: { value: 'abcdefgh' } });
    fireEvent.change(screen.getByTestId('reset-password-confirm'), {
      target: { value: 'abcdefgh' },
    });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('8자 이상, 대소문자, 숫자를 포함해야 합니다.')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'Teamup1234' } });
    fireEvent.change(screen.getByTestId('reset-password-confirm'), {
      target: { value: 'Teamup1234' },
    });
    expect(ruleStates()).toEqual({ length: 'true', upper: 'true', lower: 'true', digit: 'true' });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(onSubmit).toHaveBeenCalledWith('Teamup1234');
  });
});

describe('SignupPasswordStep', () => {
  it('lists the four sign-up rules (no special character) and ticks them live', () => {
    installBrowserShims();
    render(
      <AppProviders>
        <NewPasswordStep purpose="signup" pending={false} error={null} onSubmit={() => undefined} />
      </AppProviders>,
    );
    fireEvent.change(screen.getByTestId('signup-password'), { target: { value: 'Teamup1234' } });
    expect(ruleStates()).toEqual({ length: 'true', upper: 'true', lower: 'true', digit: 'true' });
  });
});
