import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { DeleteTeamModal } from '../features/teams/components/delete-team-modal';
import { DangerTab } from '../features/workspaces/components/settings/danger-tab';
import { ok, stubApi } from '../test/stub-api';
import { tokenStore } from '../lib/token-store';
import { installBrowserShims, renderPage } from '../test/render';
import { ConfirmByTyping } from './confirm-by-typing';

const NAME = '캡스톤 디자인 2조';

function renderAlone(onConfirm = vi.fn()) {
  installBrowserShims();
  render(
    <MantineProvider>
      <ConfirmByTyping
        expected={NAME}
        label="이름 입력"
        mismatch="이름이 일치하지 않습니다."
        confirmLabel="삭제"
        onConfirm={onConfirm}
        inputTestId="typed"
        buttonTestId="go"
      />
    </MantineProvider>,
  );
  return onConfirm;
}

const button = (testId: string) => screen.getByTestId<HTMLButtonElement>(testId);
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 1 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ConfirmByTyping', () => {
  it('keeps the button disabled until the exact name is typed', () => {
    const onConfirm = renderAlone();
    expect(button('go').disabled).toBe(true);
    type('typed', '캡스톤');
    expect(button('go').disabled).toBe(true);
    // A correct beginning is not called a mismatch.
    expect(screen.queryByText('이름이 일치하지 않습니다.')).toBeNull();
    type('typed', '캡스톤 디자인 2조 ');
    expect(button('go').disabled).toBe(true);
    expect(screen.getByText('이름이 일치하지 않습니다.')).toBeTruthy();
    // Enter before the name matches does nothing.
    fireEvent.submit(screen.getByTestId('typed').closest('form')!);
    expect(onConfirm).not.toHaveBeenCalled();

    type('typed', NAME);
    expect(button('go').disabled).toBe(false);
    expect(screen.queryByText('이름이 일치하지 않습니다.')).toBeNull();
    fireEvent.click(button('go'));
    expect(onConfirm).toHaveBeenCalledWith(NAME);
  });
});

describe('team delete and workspace delete share it', () => {
  const team = { id: 4, workspaceId: 2, name: NAME } as Team;

  it('team delete: disabled before the name matches, then deletes with it', async () => {
    const calls = stubApi((call) =>
      call.method === 'DELETE' && call.path === '/api/teams/4'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    const onDeleted = vi.fn();
    renderPage('/', <DeleteTeamModal team={team} opened onClose={vi.fn()} onDeleted={onDeleted} />);
    await screen.findByTestId('team-delete-modal');
    expect(button('confirm-action').disabled).toBe(true);
    type('team-delete-confirm-input', '다른 팀');
    expect(button('confirm-action').disabled).toBe(true);
    expect(screen.getByText('팀 이름이 일치하지 않습니다.')).toBeTruthy();
    fireEvent.click(button('confirm-action'));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    type('team-delete-confirm-input', NAME);
    expect(button('confirm-action').disabled).toBe(false);
    fireEvent.click(button('confirm-action'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ confirmName: NAME });
  });

  it('workspace delete: the same rule', async () => {
    const calls = stubApi((call) => (call.method === 'GET' ? ok([]) : undefined));
    const workspace = { id: 2, name: '기획 수업' } as Workspace;
    renderPage('/', <DangerTab workspace={workspace} onClose={vi.fn()} />);
    expect(button('danger-delete-button').disabled).toBe(true);
    type('danger-confirm-input', '기획');
    expect(button('danger-delete-button').disabled).toBe(true);
    type('danger-confirm-input', '기획 수업');
    expect(button('danger-delete-button').disabled).toBe(false);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });
});
