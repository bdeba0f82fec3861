import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../../test/render';
import { noContent, problem, routes, stubApi } from '../../../test/stub-api';
import { DigestUnsubscribePage } from './digest-unsubscribe-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const unsubscribes = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((call) => call.path === '/api/notifications/digest/unsubscribe');

describe('the digest unsubscribe page', () => {
  it('stops the digest mails with the token of the link, signed in or not', async () => {
    const calls = stubApi(
      routes({ 'POST /api/notifications/digest/unsubscribe': () => noContent() }),
      { user: null },
    );
    renderPage('/digest-unsubscribe', <DigestUnsubscribePage />, '/digest-unsubscribe?token=t.k.n');
    expect(
      await screen.findByText('이제 읽지 않은 알림 메일 요약을 보내지 않습니다.'),
    ).toBeTruthy();
    expect(unsubscribes(calls).map((call) => call.query.get('token'))).toContain('t.k.n');
  });

  it('says so in Korean when the link is not valid, and can try again', async () => {
    const calls = stubApi(
      routes({
        'POST /api/notifications/digest/unsubscribe': () =>
          problem(
            400,
            'UNSUBSCRIBE_LINK_INVALID',
            '메일 수신 거부 링크가 올바르지 않거나 만료되었습니다.',
          ),
      }),
      { user: null },
    );
    renderPage('/digest-unsubscribe', <DigestUnsubscribePage />, '/digest-unsubscribe?token=bad');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('메일 요약 수신을 중단하지 못했습니다.');
    expect(alert.textContent).toContain('메일 수신 거부 링크가 올바르지 않거나 만료되었습니다.');
    const before = unsubscribes(calls).length;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(unsubscribes(calls).length).toBe(before + 1));
  });
});
