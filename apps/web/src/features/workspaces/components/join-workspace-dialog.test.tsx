import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { problem, stubApi, type ApiCall } from '../../../test/stub-api';
import { JoinWorkspaceDialog } from './join-workspace-dialog';

let calls: ApiCall[] = [];
/** The joins asked for: the path and body of each POST. */
const joins = () =>
  calls.filter((call) => call.method === 'POST').map(({ path, body }) => ({ path, body }));

/** `joinAnswer` decides each POST; nothing else is answered but the session. */
function stubJoin(joinAnswer: () => Response) {
  calls = stubApi((call) => (call.method === 'POST' ? joinAnswer() : undefined));
}

function renderDialog(allowId: boolean) {
  renderPage('/', <JoinWorkspaceDialog opened onClose={() => undefined} allowId={allowId} />);
  return within(screen.getByTestId('join-workspace-dialog'));
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('JoinWorkspaceDialog', () => {
  it('requires an invite', async () => {
    stubJoin(() => new Response(null, { status: 500 }));
    const dialog = renderDialog(false);
    fireEvent.click(dialog.getByTestId('join-workspace-submit'));
    expect(await dialog.findByText('초대 코드 또는 초대 링크를 입력해주세요.')).toBeTruthy();
    expect(joins()).toHaveLength(0);
  });

  it('refuses a numeric id in the rail variant', async () => {
    stubJoin(() => new Response(null, { status: 500 }));
    const dialog = renderDialog(false);
    fireEvent.change(dialog.getByTestId('join-invite-input'), { target: { value: '12' } });
    fireEvent.click(dialog.getByTestId('join-workspace-submit'));
    expect(
      await dialog.findByText('워크스페이스 ID로는 참여할 수 없습니다. 초대 코드를 사용해주세요.'),
    ).toBeTruthy();
    expect(joins()).toHaveLength(0);
  });

  it('joins by id in the onboarding variant, sending the password only when given', async () => {
    stubJoin(() => problem(403, 'WORKSPACE_PASSWORD_REQUIRED', '비밀번호가 필요합니다.'));
    const dialog = renderDialog(true);
    fireEvent.change(dialog.getByTestId('join-invite-input'), { target: { value: '12' } });
    fireEvent.click(dialog.getByTestId('join-workspace-submit'));
    expect(
      await dialog.findByText('비밀번호가 필요한 워크스페이스입니다. 비밀번호를 입력해주세요.'),
    ).toBeTruthy();
    expect(joins()).toEqual([{ path: '/api/workspaces/12/join', body: {} }]);
  });

  it('sends the code parsed from a link and maps a ban to the spec text', async () => {
    stubJoin(() => problem(403, 'WORKSPACE_BANNED', '차단'));
    const dialog = renderDialog(false);
    fireEvent.change(dialog.getByTestId('join-invite-input'), {
      target: { value: 'https://teamup.example/#/ws/AbCdEf1234' },
    });
    fireEvent.change(dialog.getByTestId('join-password-input'), { target: { value: 'pw12' } });
    fireEvent.click(dialog.getByTestId('join-workspace-submit'));
    expect(
      await dialog.findByText('이 워크스페이스에서 차단된 사용자입니다. 참여할 수 없습니다.'),
    ).toBeTruthy();
    expect(joins()).toEqual([
      { path: '/api/workspaces/join', body: { inviteCode: 'AbCdEf1234', password: 'pw12' } },
    ]);
  });
});
