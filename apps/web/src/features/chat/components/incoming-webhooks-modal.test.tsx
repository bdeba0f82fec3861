import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IncomingWebhook } from '@teamup/contracts/webhooks';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { noContent, ok, problem, routes, stubApi } from '../../../test/stub-api';
import { IncomingWebhooksModal } from './incoming-webhooks-modal';

const HOOKS = '/api/workspaces/1/chat-rooms/4/webhooks';
const room = { workspaceId: 1, roomId: 4 };

const deployBot: IncomingWebhook = {
  id: 21,
  name: '배포 알림',
  createdAt: '2026-11-30T01:00:00.000Z',
  createdBy: { id: 3, name: '김민지' },
  lastUsedAt: null,
};

const renderModal = () =>
  renderPage('/', <IncomingWebhooksModal room={room} opened onClose={() => undefined} />);

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('IncomingWebhooksModal (채팅방 › 수신 웹훅)', () => {
  it('makes a bot and shows its URL once, with a curl example to try it', async () => {
    const url = `http://localhost/api/hooks/tup_hook_${'d'.repeat(43)}`;
    const calls = stubApi(
      routes({
        [`GET ${HOOKS}`]: () => ok([]),
        [`POST ${HOOKS}`]: () => ok({ ...deployBot, url }, 201),
      }),
    );
    renderModal();
    expect((await screen.findByTestId('incoming-webhooks-empty')).textContent).toBe(
      '아직 만든 수신 웹훅이 없습니다.',
    );
    const create = screen.getByTestId('incoming-webhook-create');
    expect(create.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('incoming-webhook-name'), {
      target: { value: '배포 알림' },
    });
    fireEvent.click(create);

    const shown = await screen.findByTestId('incoming-webhook-url');
    expect((shown as HTMLInputElement).value).toBe(url);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: '배포 알림' });
    expect(screen.getByTestId('incoming-webhook-example').textContent).toBe(
      `curl -X POST -H 'Content-Type: application/json' -d '{"text":"안녕하세요"}' ${url}`,
    );
    const row = screen.getByTestId('incoming-webhook-row');
    expect(row.textContent).toContain('배포 알림');
    expect(row.textContent).toContain('만든 사람 김민지');
    expect(row.textContent).toContain('아직 사용하지 않음');
    expect(row.textContent).not.toContain(url);
    expect(screen.getByTestId<HTMLInputElement>('incoming-webhook-name').value).toBe('');
  });

  it('turns a path answered for the URL into the full address to copy', async () => {
    stubApi(
      routes({
        [`GET ${HOOKS}`]: () => ok([]),
        [`POST ${HOOKS}`]: () => ok({ ...deployBot, url: '/api/hooks/tup_hook_abc' }, 201),
      }),
    );
    renderModal();
    fireEvent.change(await screen.findByTestId('incoming-webhook-name'), {
      target: { value: '배포 알림' },
    });
    fireEvent.click(screen.getByTestId('incoming-webhook-create'));
    const shown = await screen.findByTestId('incoming-webhook-url');
    expect((shown as HTMLInputElement).value).toBe(
      `${window.location.origin}/api/hooks/tup_hook_abc`,
    );
  });

  it('deletes a bot only after a confirmation', async () => {
    const calls = stubApi(
      routes({
        [`GET ${HOOKS}`]: () => ok([{ ...deployBot, lastUsedAt: '2026-11-30T02:00:00.000Z' }]),
        [`DELETE ${HOOKS}/21`]: () => noContent(),
      }),
    );
    renderModal();
    const row = await screen.findByTestId('incoming-webhook-row');
    expect(row.textContent).toContain('마지막 사용');
    fireEvent.click(within(row).getByRole('button', { name: "'배포 알림' 삭제" }));

    const confirm = await screen.findByTestId('confirm-action');
    const dialog = confirm.closest<HTMLElement>('[role="dialog"]');
    expect(dialog?.textContent).toContain(
      "'배포 알림' 웹훅을 삭제할까요? 이 주소로 보내는 요청은 바로 거절됩니다.",
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByTestId('incoming-webhook-row')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `${HOOKS}/21`,
    ]);
    expect(await screen.findByTestId('incoming-webhooks-empty')).toBeTruthy();
  });

  it('tells the limit and the server refusal in Korean', async () => {
    const five = Array.from({ length: 5 }, (_, index) => ({ ...deployBot, id: index + 1 }));
    stubApi(
      routes({
        [`GET ${HOOKS}`]: () => ok(five),
        [`POST ${HOOKS}`]: () =>
          problem(409, 'WEBHOOK_LIMIT', '수신 웹훅은 채팅방당 5개까지 만들 수 있습니다.'),
      }),
    );
    renderModal();
    expect((await screen.findByTestId('incoming-webhooks-limit')).textContent).toBe(
      '수신 웹훅은 채팅방당 5개까지 만들 수 있습니다.',
    );
    fireEvent.change(screen.getByTestId('incoming-webhook-name'), {
      target: { value: '하나 더' },
    });
    expect(screen.getByTestId('incoming-webhook-create').hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's refusal beside the form", async () => {
    stubApi(
      routes({
        [`GET ${HOOKS}`]: () => ok([]),
        [`POST ${HOOKS}`]: () =>
          problem(
            403,
            'WEBHOOK_FORBIDDEN',
            '채팅방을 만든 사람과 워크스페이스 관리자만 웹훅을 관리할 수 있습니다.',
          ),
      }),
    );
    renderModal();
    fireEvent.change(await screen.findByTestId('incoming-webhook-name'), {
      target: { value: '배포 알림' },
    });
    fireEvent.click(screen.getByTestId('incoming-webhook-create'));
    const alert = await screen.findByText(/채팅방을 만든 사람과 워크스페이스 관리자만/);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByTestId('incoming-webhook-url')).toBeNull();
  });
});
