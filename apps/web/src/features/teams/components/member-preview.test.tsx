import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { MemberProfile } from '@teamup/contracts/workspaces';
import { renderPage } from '../../../test/render';
import { MemberPreview } from './member-preview';

const member: MemberProfile = {
  id: 3,
  name: '김민지',
  email: 'minji@example.com',
  profileImageUrl: null,
  mbti: null,
  age: null,
  disposition: null,
  introduction: null,
  preferWorkstyle: null,
  dislikeWorkstyle: null,
  portfolio: null,
  hashtags: [],
  deactivated: false,
};

describe('MemberPreview', () => {
  afterEach(cleanup);

  it('shows the role under the name, and opens the member on click', () => {
    const onOpen = vi.fn();
    renderPage('/', <MemberPreview member={member} roleLabel="관리자" onOpen={onOpen} />);
    const button = screen.getByRole('button', { name: /김민지/ });
    expect(button.textContent).toContain('관리자');
    expect(button.textContent).not.toContain('비활성');
    fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledWith(member);
  });

  it('marks an account an instance admin deactivated as 비활성, with or without a role', () => {
    renderPage(
      '/',
      <>
        <MemberPreview
          member={{ ...member, deactivated: true }}
          roleLabel="멤버"
          onOpen={vi.fn()}
        />
        <MemberPreview
          member={{ ...member, id: 4, name: '이준호', deactivated: true }}
          onOpen={vi.fn()}
        />
      </>,
    );
    expect(screen.getByRole('button', { name: /김민지/ }).textContent).toContain('멤버 · 비활성');
    expect(screen.getByRole('button', { name: /이준호/ }).textContent).toContain('비활성');
  });
});
