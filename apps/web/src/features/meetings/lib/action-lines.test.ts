import { describe, expect, it } from 'vitest';
import { actionLines } from './action-lines';

describe('action item lines', () => {
  it('finds "- [ ]", "TODO:" and "할 일:" lines with their assignee and due date', () => {
    const notes = [
      '# 회의',
      '- [ ] 발표 자료 초안 @이서준 12/10',
      'TODO: 설문 돌리기 2027-01-05',
      '할 일: 회의실 예약 @김하늘',
      '- [x] 끝난 일',
      '그냥 메모 12/10',
      '-  [ ]  발표 자료 초안   @이서준 12/10',
    ].join('\n');
    expect(actionLines(notes, '2026-12-01')).toEqual([
      expect.objectContaining({
        subject: '발표 자료 초안',
        key: '발표 자료 초안 @이서준 12/10',
        assigneeName: '이서준',
        dueDate: '2026-12-10',
      }),
      expect.objectContaining({
        subject: '설문 돌리기',
        dueDate: '2027-01-05',
        assigneeName: null,
      }),
      expect.objectContaining({ subject: '회의실 예약', assigneeName: '김하늘', dueDate: null }),
    ]);
  });

  it('puts a month/day that has passed in the next year, and ignores impossible days', () => {
    expect(actionLines('TODO: 보고서 1/15', '2026-12-01')[0]?.dueDate).toBe('2027-01-15');
    expect(actionLines('TODO: 보고서 2/30', '2026-12-01')[0]).toMatchObject({
      dueDate: null,
      subject: '보고서 2/30',
    });
    expect(actionLines('- [ ]', '2026-12-01')).toEqual([]);
  });
});
