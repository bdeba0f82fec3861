import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { installBrowserShims } from '../test/render';
import { avatarColor, avatarInitial, MemberAvatar } from './member-avatar';

afterEach(cleanup);

describe('MemberAvatar', () => {
  it('gives a person one letter and one colour wherever they appear', () => {
    expect(avatarInitial('  minji.kim')).toBe('M');
    expect(avatarInitial('김하늘')).toBe('김');
    expect(avatarInitial('')).toBe('?');
    // Same name, same colour; the colours are spread over different people.
    expect(avatarColor('김하늘')).toBe(avatarColor(' 김하늘 '));
    const names = ['김하늘', '이서연', '박지훈', '최유리', '정민수', '강다은', '윤서준', '한지민'];
    expect(new Set(names.map(avatarColor)).size).toBeGreaterThan(3);

    installBrowserShims();
    const { container } = render(
      <MantineProvider>
        <MemberAvatar name="이서연" imageUrl={null} size={24} />
        <MemberAvatar name="이서연" imageUrl={null} size={88} />
      </MantineProvider>,
    );
    const avatars = [...container.querySelectorAll<HTMLElement>('.mantine-Avatar-root')];
    expect(avatars).toHaveLength(2);
    expect(avatars.map((avatar) => avatar.textContent)).toEqual(['이', '이']);
    const colors = avatars.map((avatar) => avatar.style.getPropertyValue('--avatar-color'));
    expect(colors[0]).not.toBe('');
    expect(colors[0]).toBe(colors[1]);
  });
});
