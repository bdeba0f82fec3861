import { describe, expect, it } from 'vitest';
import { ko } from '../../../i18n/ko';
import { previewMembers } from './member-preview';

describe('previewMembers', () => {
  it('shows the first four and counts the rest', () => {
    const preview = previewMembers(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(preview).toEqual({ shown: ['a', 'b', 'c', 'd'], hidden: 2, total: 6 });
    expect(ko.home.moreMembers(preview.hidden)).toBe('(2명 더)');
  });

  it('hides nothing with four or fewer members', () => {
    expect(previewMembers(['a', 'b', 'c', 'd'])).toEqual({
      shown: ['a', 'b', 'c', 'd'],
      hidden: 0,
      total: 4,
    });
    expect(previewMembers([])).toEqual({ shown: [], hidden: 0, total: 0 });
  });

  it('takes another preview size', () => {
    expect(previewMembers([1, 2, 3], 1)).toEqual({ shown: [1], hidden: 2, total: 3 });
  });
});
