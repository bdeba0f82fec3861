import { describe, expect, it } from 'vitest';
import { chatKo } from '../../../i18n/ko/chat';
import { editDraft, mentionOptions, type MentionCandidate } from './composer-mentions';

const member = (id: number, name: string): MentionCandidate => ({ id, name, imageUrl: null });
const members = [member(3, '김민지'), member(4, '김민'), member(5, 'Alice')];

describe('mentionOptions', () => {
  it('offers the members whose name holds the query, case aside', () => {
    expect(mentionOptions('민', members, false).map((option) => option.target)).toEqual([3, 4]);
    expect(mentionOptions('ALI', members, false).map((option) => option.name)).toEqual(['Alice']);
    expect(mentionOptions('없는', members, false)).toEqual([]);
  });

  it('shows at most eight members at once', () => {
    const many = Array.from({ length: 12 }, (_, index) => member(index + 1, `팀원${index + 1}`));
    expect(mentionOptions('팀원', many, false)).toHaveLength(8);
  });

  it('offers @all and @here only to those who may mention everyone, by their start', () => {
    expect(mentionOptions('', [], false)).toEqual([]);
    expect(mentionOptions('', [], true)).toEqual([
      { target: 'all', name: 'all', hint: chatKo.mention.all, imageUrl: null },
      { target: 'here', name: 'here', hint: chatKo.mention.here, imageUrl: null },
    ]);
    expect(mentionOptions('he', [], true).map((option) => option.target)).toEqual(['here']);
  });
});

describe('editDraft', () => {
  it('shows mentions as @이름 and remembers those that still name someone', () => {
    expect(editDraft('<@3> <@9> <@all> 확인 부탁해요', members)).toEqual({
      text: `@김민지 @${chatKo.mention.unknown} @all 확인 부탁해요`,
      picked: [
        { target: 3, name: '김민지' },
        { target: 'all', name: 'all' },
      ],
    });
  });

  it('is empty for no message', () => {
    expect(editDraft('', members)).toEqual({ text: '', picked: [] });
  });
});
