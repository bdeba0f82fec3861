import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OutgoingWebhook, WebhookDelivery } from '@teamup/contracts/webhooks';
import type { Workspace } from '@teamup/contracts/workspaces';
import { tokenStore } from '../../../../lib/token-store';
import { renderPage } from '../../../../test/render';
import { noContent, ok, problem, routes, stubApi } from '../../../../test/stub-api';
import { WebhooksTab } from './webhooks-tab';

const workspace: Workspace = {
  id: 7,
  name: '졸업 프로젝트',
  iconUrl: null,
  inviteCode: 'AbCdEf1234',
  url: 'http://localhost/#/ws/AbCdEf1234',
  passwordProtected: false,
  isClass: false,
  owner: { id: 3 },
  myRole: 'OWNER',
  memberCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const HOOKS = '/api/workspaces/7/webhooks';

const hook: OutgoingWebhook = {
  id: 11,
  name: '팀 슬랙 알림',
  url: 'https://hooks.example.com/services/T000/B000/a-very-long-path-that-is-cut-short',
  events: ['chat.message', 'task.approved'],
  enabled: true,
  createdAt: '2026-11-30T01:00:00.000Z',
  lastDelivery: { status: 'FAILED', at: '2026-11-30T02:00:00.000Z' },
};

const failedDelivery: WebhookDelivery = {
  id: 301,
  event: 'chat.message',
  status: 'FAILED',
  attempts: 5,
  responseStatus: null,
  error: '10초 안에 답이 없었습니다.',
  createdAt: '2026-11-30T02:00:00.000Z',
  lastAttemptAt: '2026-11-30T03:00:00.000Z',
  nextAttemptAt: null,
};

const renderTab = () => renderPage('/', <WebhooksTab workspace={workspace} />);

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WebhooksTab (워크스페이스 설정 › 웹훅)', () => {
  it('says so when there is no webhook yet', async () => {
    stubApi(routes({ [`GET ${HOOKS}`]: () => ok([]) }));
    renderTab();
    expect((await screen.findByTestId('webhooks-empty')).textContent).toContain(
      '아직 만든 웹훅이 없습니다.',
    );
    expect(screen.getByTestId('webhooks-count').textContent).toBe('0 / 10개');
    expect(screen.getByTestId('webhook-add').hasAttribute('disabled')).toBe(false);
  });

  it('lists a webhook: its name, address whole in the title, events and last delivery', async () => {
    stubApi(routes({ [`GET ${HOOKS}`]: () => ok([hook]) }));
    renderTab();
    const row = await screen.findByTestId('webhook-row');
    expect(row.textContent).toContain('팀 슬랙 알림');
    expect(within(row).getByTestId('webhook-url-text').getAttribute('title')).toBe(hook.url);
    expect(row.textContent).toContain('채팅 메시지 (공개·그룹 채팅방)');
    expect(row.textContent).toContain('작업 완료 승인');
    expect(row.textContent).not.toContain('게시판 새 글');
    expect(within(row).getByTestId('webhook-delivery-status').textContent).toBe('실패');
    expect(
      within(row).getByRole<HTMLInputElement>('switch', { name: "'팀 슬랙 알림' 웹훅 사용" })
        .checked,
    ).toBe(true);
    expect(screen.queryByTestId('webhooks-empty')).toBeNull();
  });

  it('tells the limit and offers no more once there are ten', async () => {
    const ten = Array.from({ length: 10 }, (_, index) => ({ ...hook, id: index + 1 }));
    stubApi(routes({ [`GET ${HOOKS}`]: () => ok(ten) }));
    renderTab();
    expect((await screen.findByTestId('webhooks-limit')).textContent).toBe(
      '웹훅은 워크스페이스당 10개까지 만들 수 있습니다.',
    );
    expect(screen.getByTestId('webhook-add').hasAttribute('disabled')).toBe(true);
  });

  it('adds a webhook: its signing secret shows once with how to verify, and the list refreshes', async () => {
    const secret = `whsec_${'c'.repeat(43)}`;
    const made: OutgoingWebhook = {
      ...hook,
      id: 12,
      name: '배포 서버',
      url: 'https://deploy.example.com/teamup',
      events: ['post.created', 'member.joined'],
      lastDelivery: null,
    };
    let saved: OutgoingWebhook[] = [];
    const calls = stubApi(
      routes({
        [`GET ${HOOKS}`]: () => ok(saved),
        [`POST ${HOOKS}`]: () => {
          saved = [made];
          return ok({ ...made, secret }, 201);
        },
      }),
    );
    renderTab();
    fireEvent.click(await screen.findByTestId('webhook-add'));
    const dialog = await screen.findByTestId('webhook-form-modal');

    // Nothing is sent while the form is wrong: its Korean reasons show beside the fields.
    fireEvent.change(within(dialog).getByTestId('webhook-url'), {
      target: { value: 'ftp://deploy.example.com' },
    });
    fireEvent.click(within(dialog).getByTestId('webhook-submit'));
    expect(await within(dialog).findByText('이름을 입력해주세요.')).toBeTruthy();
    expect(
      within(dialog).getByText('http:// 또는 https://로 시작하는 올바른 주소를 입력해주세요.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('받을 이벤트를 하나 이상 선택해주세요.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByTestId('webhook-name'), {
      target: { value: '배포 서버' },
    });
    fireEvent.change(within(dialog).getByTestId('webhook-url'), {
      target: { value: 'https://deploy.example.com/teamup' },
    });
    // Ticked out of order: sent in the contract's order.
    fireEvent.click(within(dialog).getByLabelText('워크스페이스 새 멤버'));
    fireEvent.click(within(dialog).getByLabelText('게시판 새 글'));
    fireEvent.click(within(dialog).getByTestId('webhook-submit'));

    const value = await screen.findByTestId('webhook-secret-value');
    expect((value as HTMLInputElement).value).toBe(secret);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: '배포 서버',
      url: 'https://deploy.example.com/teamup',
      events: ['post.created', 'member.joined'],
    });
    const help = screen.getByTestId('webhook-verify-help').textContent ?? '';
    expect(help).toContain('x-teamup-timestamp');
    expect(help).toContain('x-teamup-signature');
    expect(help).toContain('HMAC-SHA256');
    expect(help).toContain('v1=');
    expect(help).toContain('5분');

    // The list was read again after the creation and shows the new webhook, without its secret.
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET' && call.path === HOOKS)).toHaveLength(2),
    );
    const row = await screen.findByTestId('webhook-row');
    expect(row.textContent).toContain('배포 서버');
    expect(row.textContent).toContain('아직 보낸 적 없음');
    expect(row.textContent).not.toContain(secret);
    expect(screen.getByTestId('webhooks-count').textContent).toBe('1 / 10개');

    // Shown once: gone when the dialog is closed, and not shown by the next "웹훅 추가".
    fireEvent.click(screen.getByTestId('webhook-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret-value')).toBeNull());
    fireEvent.click(screen.getByTestId('webhook-add'));
    expect(await screen.findByTestId('webhook-name')).toBeTruthy();
    expect(screen.queryByTestId('webhook-secret-value')).toBeNull();
  });

  it("shows the server's Korean refusal of an address under the URL field", async () => {
    stubApi(
      routes({
        [`GET ${HOOKS}`]: () => ok([]),
        [`POST ${HOOKS}`]: () =>
          problem(
            400,
            'WEBHOOK_URL_REFUSED',
            '내부 네트워크 주소로는 보낼 수 없습니다. 관리자가 허용한 네트워크만 사용할 수 있습니다.',
          ),
      }),
    );
    renderTab();
    fireEvent.click(await screen.findByTestId('webhook-add'));
    const dialog = await screen.findByTestId('webhook-form-modal');
    fireEvent.change(within(dialog).getByTestId('webhook-name'), { target: { value: '내부' } });
    fireEvent.change(within(dialog).getByTestId('webhook-url'), {
      target: { value: 'http://10.0.0.5/hook' },
    });
    fireEvent.click(within(dialog).getByLabelText('팀 공지'));
    fireEvent.click(within(dialog).getByTestId('webhook-submit'));
    expect(await within(dialog).findByText(/내부 네트워크 주소로는 보낼 수 없습니다/)).toBeTruthy();
    expect(screen.queryByTestId('webhook-secret-value')).toBeNull();
  });

  it('turning a webhook off sends PATCH {enabled: false} and keeps it off', async () => {
    const calls = stubApi(
      routes({
        [`GET ${HOOKS}`]: () => ok([hook]),
        [`PATCH ${HOOKS}/11`]: () => ok({ ...hook, enabled: false }),
      }),
    );
    renderTab();
    const toggle = await screen.findByRole('switch', { name: "'팀 슬랙 알림' 웹훅 사용" });
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
        expect.objectContaining({ path: `${HOOKS}/11`, body: { enabled: false } }),
      ]),
    );
    expect(await screen.findByText(/'팀 슬랙 알림' 웹훅을 껐습니다/)).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('webhook-row').dataset.enabled).toBe('false');
  });

  it('puts the switch back and says why when the server refuses the change', async () => {
    stubApi(
      routes({
        [`GET ${HOOKS}`]: () => ok([hook]),
        [`PATCH ${HOOKS}/11`]: () =>
          problem(403, 'WORKSPACE_FORBIDDEN', '워크스페이스 관리자만 할 수 있습니다.'),
      }),
    );
    renderTab();
    const toggle = await screen.findByRole('switch', { name: "'팀 슬랙 알림' 웹훅 사용" });
    fireEvent.click(toggle);
    expect(await screen.findByText('워크스페이스 관리자만 할 수 있습니다.')).toBeTruthy();
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
  });

  it('edits a webhook: the form starts from it and saves with PATCH', async () => {
    const calls = stubApi(
      routes({
        [`GET ${HOOKS}`]: () => ok([hook]),
        [`PATCH ${HOOKS}/11`]: (call) => ok({ ...hook, ...(call.body as object) }),
      }),
    );
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: "'팀 슬랙 알림' 편집" }));
    const dialog = await screen.findByTestId('webhook-form-modal');
    const name = within(dialog).getByTestId<HTMLInputElement>('webhook-name');
    expect(name.value).toBe('팀 슬랙 알림');
    expect(within(dialog).getByTestId<HTMLInputElement>('webhook-url').value).toBe(hook.url);
    expect(within(dialog).getByLabelText<HTMLInputElement>('작업 완료 승인').checked).toBe(true);
    fireEvent.change(name, { target: { value: '  팀 슬랙 (공지)  ' } });
    fireEvent.click(within(dialog).getByLabelText('작업 완료 승인'));
    fireEvent.click(within(dialog).getByTestId('webhook-submit'));
    await waitFor(() => expect(screen.queryByTestId('webhook-form')).toBeNull());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: '팀 슬랙 (공지)',
      url: hook.url,
      events: ['chat.message'],
    });
    const row = screen.getByTestId('webhook-row');
    expect(row.textContent).toContain('팀 슬랙 (공지)');
    expect(row.textContent).not.toContain('작업 완료 승인');
  });

  it("the delivery log shows a failed delivery's Korean error, and refreshes", async () => {
    const calls = stubApi(
      routes({
        [`GET ${HOOKS}`]: () => ok([hook]),
        [`GET ${HOOKS}/11/deliveries`]: () => ok([failedDelivery]),
      }),
    );
    renderTab();
    fireEvent.click(await screen.findByTestId('webhook-log'));
    const dialog = await screen.findByTestId('webhook-deliveries-modal');
    expect(within(dialog).getByText("'팀 슬랙 알림' 전송 기록")).toBeTruthy();
    const delivery = await within(dialog).findByTestId('webhook-delivery');
    expect(within(delivery).getByTestId('webhook-delivery-error').textContent).toBe(
      '10초 안에 답이 없었습니다.',
    );
    expect(within(delivery).getByTestId('webhook-delivery-status').textContent).toBe('실패');
    expect(delivery.textContent).toContain('채팅 메시지 (공개·그룹 채팅방)');
    expect(delivery.textContent).toContain('시도 5회');
    expect(delivery.textContent).toContain('응답 없음');

    fireEvent.click(within(dialog).getByTestId('webhook-deliveries-refresh'));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === `${HOOKS}/11/deliveries`)).toHaveLength(2),
    );
  });

  it('"보내 보기" sends a ping, then opens the delivery log with it', async () => {
    const ping: WebhookDelivery = {
      ...failedDelivery,
      id: 302,
      event: 'ping',
      status: 'DELIVERED',
      attempts: 1,
      responseStatus: 200,
      error: null,
    };
    const calls = stubApi(
      routes({
        [`GET ${HOOKS}`]: () => ok([hook]),
        [`POST ${HOOKS}/11/ping`]: () => ok(ping, 201),
        [`GET ${HOOKS}/11/deliveries`]: () => ok([ping]),
      }),
    );
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: "'팀 슬랙 알림' 보내 보기" }));
    const dialog = await screen.findByTestId('webhook-deliveries-modal');
    const delivery = await within(dialog).findByTestId('webhook-delivery');
    expect(delivery.textContent).toContain('테스트 (ping)');
    expect(delivery.textContent).toContain('성공');
    expect(delivery.textContent).toContain('응답 200');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `${HOOKS}/11/ping`,
    ]);
  });

  it('deletes a webhook only after a confirmation', async () => {
    const calls = stubApi(
      routes({
        [`GET ${HOOKS}`]: () => ok([hook]),
        [`DELETE ${HOOKS}/11`]: () => noContent(),
      }),
    );
    renderTab();
    fireEvent.click(await screen.findByTestId('webhook-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("'팀 슬랙 알림' 웹훅을 삭제할까요?");
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('confirm-action'));
    await waitFor(() => expect(screen.queryByTestId('webhook-row')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `${HOOKS}/11`,
    ]);
    expect(await screen.findByTestId('webhooks-empty')).toBeTruthy();
  });
});
