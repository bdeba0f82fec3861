import { describe, expect, it } from 'vitest';
import { addTag, freshSuggestions, removeTag } from './tags';

describe('addTag', () => {
  it('adds the trimmed tag', () => {
    expect(addTag(['React'], '  TypeScript ')).toEqual({
      tags: ['React', 'TypeScript'],
      error: null,
    });
  });

  it('ignores a blank input without an error', () => {
    expect(addTag(['React'], '   ')).toEqual({ tags: ['React'], error: null });
  });

  it('refuses a duplicate, also in another case or with spaces', () => {
    expect(addTag(['React'], 'React').tags).toEqual(['React']);
    expect(addTag(['React'], ' react ')).toEqual({
      tags: ['React'],
      error: '이미 추가된 태그입니다.',
    });
  });

  it('keeps the limits of length and count', () => {
    const limits = { maxLength: 5, maxCount: 2 };
    expect(addTag([], 'abcdef', limits).error).toBe('태그는 5자 이하여야 합니다.');
    expect(addTag(['a', 'b'], 'c', limits)).toEqual({
      tags: ['a', 'b'],
      error: '태그는 최대 2개까지 추가할 수 있습니다.',
    });
  });

  it('replays the journey React, TypeScript, React into two tags', () => {
    let tags: string[] = [];
    for (const input of ['React', ' TypeScript ', 'React']) tags = addTag(tags, input).tags;
    expect(tags).toEqual(['React', 'TypeScript']);
  });

  it('does not change the given list', () => {
    const tags = ['React'];
    addTag(tags, 'Vue');
    expect(tags).toEqual(['React']);
  });
});

describe('removeTag and freshSuggestions', () => {
  it('removes exactly the tag', () => {
    expect(removeTag(['React', 'Vue'], 'React')).toEqual(['Vue']);
  });

  it('drops suggestions already chosen', () => {
    expect(freshSuggestions(['react', 'Redux', 'Remix'], ['React', 'Remix'])).toEqual(['Redux']);
  });
});
