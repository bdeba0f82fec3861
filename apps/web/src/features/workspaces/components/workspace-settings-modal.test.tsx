import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Workspace } from '@teamup/contracts/workspaces';
import { AppProviders } from '../../../app/providers';
import { tokenStore } from '../../../lib/token-store';
import { installBrowserShims } from '../../../test/render';
import { ok, stubApi } from '../../../test/stub-api';
import { SETTINGS_PANEL_HEIGHT, WorkspaceSettingsModal } from './workspace-settings-modal';

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

const realMatchMedia = window.matchMedia;

/** Pretends the screen is `width` px wide for Mantine's useMediaQuery (max-width queries). */
function setScreenWidth(width: number) {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)em/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) * 16 : false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

function renderModal() {
  installBrowserShims();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>
        <WorkspaceSettingsModal workspace={workspace} opened onClose={() => undefined} />
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
  stubApi(
    (call) =>
      ['/members', '/blacklist', '/webhooks'].some((end) => call.path.endsWith(end))
        ? ok([])
        : undefined,
    { user: { id: 3, name: '김하늘', email: 'a@b.co' } },
  );
  Object.assign(navigator, { clipboard: { writeText: vi.fn(async () => undefined) } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.matchMedia = realMatchMedia;
});

describe('WorkspaceSettingsModal on a wide screen', () => {
  beforeEach(() => setScreenWidth(1280));

  it('shows its toasts at the bottom, clear of the title', async () => {
    renderModal();
    const modal = await screen.findByTestId('workspace-settings-modal');
    fireEvent.click(within(modal).getByRole('button', { name: '초대 코드 복사' }));
    const toast = await screen.findByText('복사했습니다.');
    expect(toast.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-center');
  });

  it('gives every tab the same fixed-height panel, so the modal does not jump', async () => {
    renderModal();
    const modal = await screen.findByTestId('workspace-settings-modal');
    expect(within(modal).getAllByRole('tab')).toHaveLength(7);
    const heightOf = () => within(modal).getByTestId('settings-panel').style.height;
    expect(heightOf()).toBe(SETTINGS_PANEL_HEIGHT);
    fireEvent.click(within(modal).getByTestId('settings-tab-members'));
    await within(modal).findByText('멤버가 없습니다.');
    expect(heightOf()).toBe(SETTINGS_PANEL_HEIGHT);
    fireEvent.click(within(modal).getByTestId('settings-tab-danger'));
    await waitFor(() => expect(heightOf()).toBe(SETTINGS_PANEL_HEIGHT));
  });
});

describe('WorkspaceSettingsModal on a 360 px phone', () => {
  beforeEach(() => setScreenWidth(360));

  it('lists every section in a select instead of a cut-off row of tabs', async () => {
    renderModal();
    const select = await screen.findByTestId('settings-section-select');
    expect(screen.queryByRole('tablist')).toBeNull();
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '초대',
      '서버 프로필',
      '멤버 관리',
      '블랙리스트',
      '웹훅',
      '보안',
      '위험 구역',
    ]);
    expect(screen.getByLabelText('설정 항목')).toBe(select);
    expect(screen.getByRole('region', { name: '초대' })).toBeTruthy();

    fireEvent.change(select, { target: { value: 'members' } });
    const region = await screen.findByRole('region', { name: '멤버 관리' });
    await within(region).findByText('멤버가 없습니다.');
  });

  it('opens the webhook form above the settings, and Escape closes only the form', async () => {
    renderModal();
    fireEvent.change(await screen.findByTestId('settings-section-select'), {
      target: { value: 'webhooks' },
    });
    const region = await screen.findByRole('region', { name: '웹훅' });
    await within(region).findByTestId('webhooks-empty');
    fireEvent.click(within(region).getByTestId('webhook-add'));
    const form = await screen.findByTestId('webhook-form-modal');
    expect(within(form).getByTestId('webhook-name')).toBeTruthy();
    fireEvent.keyDown(within(form).getByTestId('webhook-name'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('webhook-form')).toBeNull());
    expect(screen.getByTestId('workspace-settings-modal')).toBeTruthy();
    expect(screen.getByTestId('webhooks-empty')).toBeTruthy();
  });
});
