import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../../../app/providers';
import { installBrowserShims } from '../../../test/render';
import { stubApi, type ApiCall } from '../../../test/stub-api';
import { EmailCodeFlow, type EmailCodePurposeName } from './email-code-flow';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = (body: Record<string, unknown>) => Response;
const pathOf = (call: ApiCall) => call.path.replace(/^\/api/, '');

/**
 * Stubs fetch: each API path (without /api) answers with its handler. Answers the calls made so
 * far, in order, as path (without /api) and JSON body.
 */
function stubFlow(answers: Record<string, Answer>) {
  const calls = stubApi(
    (call) => answers[pathOf(call)]?.((call.body ?? {}) as Record<string, unknown>),
    { user: null },
  );
  return () => calls.map((call) => ({ path: pathOf(call), body: call.body ?? {} }));
}

function renderFlow(purpose: EmailCodePurposeName) {
  installBrowserShims();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <EmailCodeFlow
        purpose={purpose}
        lastStepLabel="마지막"
        renderLastStep={({ email, code }) => (
          <p data-testid="last-step">
            {email} {code}
          </p>
        )}
      />
    </AppProviders>,
  );
}

describe('EmailCodeFlow', () => {
  it('signs up: checks the e-mail, mails a code, refuses a wrong one, hands on the right one', async () => {
    const calls = stubFlow({
      '/auth/email/request': () => Response.json({ data: { resendAfterSeconds: 60 } }),
      '/auth/email/verify': (body) => Response.json({ data: body.verificationCode === 'ab12cd' }),
    });
    renderFlow('signup');

    fireEvent.change(screen.getByTestId('signup-email'), { target: { value: 'kim' } });
    fireEvent.click(screen.getByTestId('signup-request-code'));
    expect(screen.getByText('올바른 이메일 주소를 입력해주세요.')).toBeTruthy();
    expect(calls()).toEqual([]);

    fireEvent.change(screen.getByTestId('signup-email'), {
      target: { value: ' kim@example.com ' },
    });
    fireEvent.click(screen.getByTestId('signup-request-code'));
    await screen.findByText('kim@example.com(으)로 인증 코드를 보냈습니다.');
    expect(calls()).toEqual([{ path: '/auth/email/request', body: { email: 'kim@example.com' } }]);
    const resend = screen.getByRole('button', { name: /다시 받기 \(\d+초\)/ });
    expect(resend).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '이메일 변경' })).toBeTruthy();

    const code = screen.getByTestId('signup-code');
    expect(screen.getByLabelText(/인증 코드/)).toBe(code);
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('signup-verify'));
    expect(screen.getByText('6자리 인증 코드를 입력해주세요.')).toBeTruthy();

    fireEvent.change(code, { target: { value: '999999' } });
    fireEvent.click(screen.getByTestId('signup-verify'));
    await screen.findByText('인증 코드가 올바르지 않습니다.');

    fireEvent.change(code, { target: { value: 'ab12cd' } });
    fireEvent.click(screen.getByTestId('signup-verify'));
    expect((await screen.findByTestId('last-step')).textContent).toBe('kim@example.com ab12cd');
  });

  it('resets: a code mailed moments ago still leads on, digits only, back keeps the e-mail', async () => {
    const calls = stubFlow({
      '/auth/send-password-reset-email': () =>
        Response.json(
          { status: 429, code: 'CODE_RESEND_TOO_SOON', title: 'Too Many Requests', detail: '잠시' },
          {
            status: 429,
            headers: { 'content-type': 'application/problem+json', 'Retry-After': '30' },
          },
        ),
      '/auth/verify-reset-code': () => Response.json({ data: { valid: false, message: '' } }),
    });
    renderFlow('reset');

    fireEvent.change(screen.getByTestId('reset-email'), { target: { value: 'lee@example.com' } });
    fireEvent.click(screen.getByTestId('reset-request'));
    const code = await screen.findByTestId('reset-code');
    expect(
      screen.getByText('lee@example.com(으)로 인증 코드를 보냈습니다. 메일함을 확인해주세요.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /다시 보내기 \((30|29)초\)/ })).toBeTruthy();

    fireEvent.change(code, { target: { value: '12a34b56' } });
    expect(code).toHaveProperty('value', '123456');
    fireEvent.click(screen.getByTestId('reset-verify'));
    await screen.findByText('인증 코드 확인에 실패했습니다.');
    expect(calls().at(-1)).toEqual({
      path: '/auth/verify-reset-code',
      body: { email: 'lee@example.com', resetCode: '123456' },
    });
    expect(screen.queryByTestId('last-step')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '이전' }));
    const email = await screen.findByTestId('reset-email');
    expect(email).toHaveProperty('value', 'lee@example.com');
    // Back at the e-mail the timer is off: a new code may be asked for at once.
    expect(screen.getByTestId('reset-request').textContent).toBe('인증 코드 보내기');
    expect(screen.getByTestId('reset-request')).toHaveProperty('disabled', false);
  });
});
