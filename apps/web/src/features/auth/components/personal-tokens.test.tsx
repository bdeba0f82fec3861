import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ModalsProvider } from '@mantine/modals';
import { renderPage } from '../../../test/render';
import { noContent, ok, problem, stubApi } from '../../../test/stub-api';
import { PersonalTokens } from './personal-tokens';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const token = `tup_pat_${'b'.repeat(43)}`;
const made = {
  id: 7,
  name: '과제 알림 봇',
  prefix: token.slice(0, 12),
  scopes: ['read', 'chat'],
  createdAt: '2026-11-30T01:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
};

const renderTokens = () =>
  renderPage(
    '/',
    <ModalsProvider>
      <PersonalTokens />
    </ModalsProvider>,
  );

describe('PersonalTokens (개인 액세스 토큰)', () => {
  it('makes a token with the chosen scopes and expiry, shows it once, then revokes it', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/users/me/tokens' && call.method === 'GET') return ok([]);
      if (call.path === '/api/users/me/tokens' && call.method === 'POST') {
        return ok({ ...made, token }, 201);
      }
      if (call.path === '/api/users/me/tokens/7' && call.method === 'DELETE') return noContent();
      return undefined;
    });
    renderTokens();
    expect((await screen.findByTestId('personal-tokens-empty')).textContent).toBe(
      '아직 만든 토큰이 없습니다.',
    );
    const create = screen.getByTestId('personal-token-create');
    expect(create.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('personal-token-name'), {
      target: { value: '과제 알림 봇' },
    });
    fireEvent.click(screen.getByLabelText('채팅'));
    fireEvent.click(screen.getByRole('radio', { name: '만료 없음' }));
    fireEvent.click(create);

    const value = await screen.findByTestId('personal-token-value');
    expect((value as HTMLInputElement).value).toBe(token);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: '과제 알림 봇',
      scopes: ['read', 'chat'],
      expiresInDays: null,
    });
    const row = screen.getByTestId('personal-token-row');
    expect(row.textContent).toContain('과제 알림 봇');
    expect(row.textContent).toContain('읽기');
    expect(row.textContent).toContain('채팅');
    expect(row.textContent).toContain('아직 사용하지 않음');
    expect(row.textContent).not.toContain(token);

    fireEvent.click(within(row).getByTestId('personal-token-revoke'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("'과제 알림 봇' 토큰을 폐기할까요?");
    fireEvent.click(within(dialog).getByRole('button', { name: '폐기' }));
    await waitFor(() => expect(screen.queryByTestId('personal-token-row')).toBeNull());
    expect(screen.queryByTestId('personal-token-value')).toBeNull();
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST', 'DELETE']);
  });

  it("tells the server's refusal in Korean beside the form", async () => {
    stubApi((call) => {
      if (call.path !== '/api/users/me/tokens') return undefined;
      if (call.method === 'GET') return ok([]);
      return problem(409, 'PERSONAL_TOKEN_LIMIT', '토큰은 한 사람당 20개까지 만들 수 있습니다.');
    });
    renderTokens();
    fireEvent.change(await screen.findByTestId('personal-token-name'), {
      target: { value: '하나 더' },
    });
    fireEvent.click(screen.getByTestId('personal-token-create'));
    expect((await screen.findByRole('alert')).textContent).toContain('20개까지');
    expect(screen.queryByTestId('personal-token-value')).toBeNull();
  });
});
