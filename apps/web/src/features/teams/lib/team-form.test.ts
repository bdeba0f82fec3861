import { describe, expect, it } from 'vitest';
import { teamCreateBody, teamUpdateBody, validateTeamForm } from './team-form';

const blank = { name: '', description: '', password: '' };

describe('validateTeamForm', () => {
  it('requires a name', () => {
    expect(validateTeamForm(blank, 1)).toEqual({ name: '팀 이름을 입력해주세요.' });
    expect(validateTeamForm({ ...blank, name: '   ' }, 1).name).toBe('팀 이름을 입력해주세요.');
  });

  it('allows at most 50 characters in the name', () => {
    expect(validateTeamForm({ ...blank, name: '가'.repeat(50) }, 1)).toEqual({});
    expect(validateTeamForm({ ...blank, name: '가'.repeat(51) }, 1).name).toBe(
      '팀 이름은 50자 이하여야 합니다.',
    );
  });

  it('takes an optional password of at least 4 characters', () => {
    expect(validateTeamForm({ ...blank, name: '팀', password: '' }, 1)).toEqual({});
    expect(validateTeamForm({ ...blank, name: '팀', password: 'abc' }, 1).password).toBe(
      '비밀번호는 4자 이상이어야 합니다.',
    );
  });
});

describe('teamCreateBody', () => {
  it('trims the name and leaves blanks out', () => {
    expect(teamCreateBody({ name: ' 디자인팀 ', description: '  ', password: '' }, 3)).toEqual({
      name: '디자인팀',
      workspaceId: 3,
    });
    expect(teamCreateBody({ name: '팀', description: ' 소개 ', password: 'pass' }, 3)).toEqual({
      name: '팀',
      workspaceId: 3,
      description: '소개',
      password: 'pass',
    });
  });
});

describe('teamUpdateBody', () => {
  const values = { name: ' 새 이름 ', description: ' 소개 ', password: '', removePassword: false };

  it('keeps the password when the field is empty', () => {
    expect(teamUpdateBody(values)).toEqual({ name: '새 이름', description: '소개' });
  });

  it('sends a new password, or an empty one to remove it', () => {
    expect(teamUpdateBody({ ...values, password: 'new-pass' }).password).toBe('new-pass');
    expect(teamUpdateBody({ ...values, password: 'typed', removePassword: true })).toEqual({
      name: '새 이름',
      description: '소개',
      password: '',
    });
  });

  it('sends who may post announcements only when the form has it (the leader’s)', () => {
    expect(teamUpdateBody(values)).not.toHaveProperty('announcementPosting');
    expect(teamUpdateBody({ ...values, announcementPosting: 'LEADER' })).toMatchObject({
      announcementPosting: 'LEADER',
    });
  });
});
