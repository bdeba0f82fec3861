import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Workspace } from '@teamup/contracts/workspaces';
import { AppProviders } from '../../app/providers';
import { installBrowserShims } from '../../test/render';
import { SidePanelLink, SidePanelWorkspaceName } from './side-panel-link';

/** jsdom lays nothing out: a name is 10 px a character in a 150 px row, two lines tall. */
const CHAR_PX = 10;
const ROW_PX = 150;
const widths = {
  scrollWidth: function (this: HTMLElement) {
    return (this.textContent ?? '').length * CHAR_PX;
  },
  clientWidth: () => ROW_PX,
  scrollHeight: () => 40,
  clientHeight: () => 40,
};
const saved = new Map<string, PropertyDescriptor | undefined>();

beforeAll(() => {
  for (const [key, get] of Object.entries(widths)) {
    saved.set(key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get });
  }
});

afterAll(() => {
  for (const [key, descriptor] of saved) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
  }
});

afterEach(() => cleanup());

function renderInApp(children: React.ReactNode) {
  installBrowserShims();
  return render(
    <AppProviders queryClient={new QueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </AppProviders>,
  );
}

async function hover(element: HTMLElement) {
  fireEvent.mouseEnter(element);
  // The tooltip opens after its delay.
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
}

const longName = '2026 캡스톤 디자인 프론트엔드 개발팀 월요일 오후반';

describe('SidePanelLink', () => {
  it('shows a cut name whole in a tooltip on hover', async () => {
    renderInApp(
      <SidePanelLink to="/ws/1/team/4" name={longName} active={false} testId="side-panel-team" />,
    );
    const link = screen.getByTestId('side-panel-team');
    expect(link.getAttribute('data-truncated')).toBe('true');
    // The link's accessible name is the whole name, cut or not.
    expect(screen.getByRole('link', { name: longName })).toBe(link);
    await hover(link);
    expect((await screen.findByRole('tooltip')).textContent).toBe(longName);
  });

  it('adds no tooltip to a name that fits', async () => {
    renderInApp(<SidePanelLink to="/ws/1/team/5" name="디자인" active testId="side-panel-team" />);
    const link = screen.getByTestId('side-panel-team');
    expect(link.getAttribute('data-truncated')).toBe('false');
    expect(link.getAttribute('aria-current')).toBe('page');
    await hover(link);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('SidePanelWorkspaceName', () => {
  const workspace: Workspace = {
    id: 7,
    name: longName,
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

  it('shows the whole workspace name in a tooltip when it is cut', async () => {
    renderInApp(<SidePanelWorkspaceName workspace={workspace} />);
    const name = screen.getByTestId('side-panel-workspace-name');
    expect(name.textContent).toBe(longName);
    expect(name.getAttribute('data-truncated')).toBe('true');
    await hover(name);
    expect((await screen.findByRole('tooltip')).textContent).toBe(longName);
  });
});
