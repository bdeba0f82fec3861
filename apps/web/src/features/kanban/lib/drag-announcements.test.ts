import { describe, expect, it } from 'vitest';
import { board, list, task } from '../test/fixtures';
import { moveListTo, moveTaskTo } from './board-moves';
import { dragAnnouncement } from './drag-announcements';

const start = board([
  list(10, '할 일', [task(1, 10, { subject: '기획서' }), task(2, 10)]),
  list(20, '완료', [task(3, 20)]),
]);

describe('dragAnnouncement', () => {
  it('says in Korean where a card is picked up, over and dropped', () => {
    const card = { type: 'task', id: 1 } as const;
    expect(dragAnnouncement('start', start, card, null)).toBe(
      "'기획서' 카드를 집었습니다. 현재 '할 일' 리스트의 1번째입니다.",
    );
    expect(dragAnnouncement('over', start, card, { type: 'list', id: 20 })).toBe(
      "'기획서' 카드: '완료' 리스트의 2번째 위치입니다.",
    );
    // On a drop the board passed in is the one after the move.
    const dropped = moveTaskTo(start, 1, 20, 1);
    expect(dragAnnouncement('end', dropped, card, { type: 'task', id: 3 })).toBe(
      "'기획서' 카드를 '완료' 리스트의 2번째에 놓았습니다.",
    );
    expect(dragAnnouncement('cancel', start, card, null)).toBe(
      "'기획서' 카드 옮기기를 취소했습니다.",
    );
  });

  it('says where a list goes', () => {
    const column = { type: 'list', id: 10 } as const;
    expect(dragAnnouncement('start', start, column, null)).toBe(
      "'할 일' 리스트를 집었습니다. 현재 1번째입니다.",
    );
    expect(dragAnnouncement('over', start, column, { type: 'list', id: 20 })).toBe(
      "'할 일' 리스트: 2번째 위치입니다.",
    );
    expect(
      dragAnnouncement('end', moveListTo(start, 10, 1), column, { type: 'list', id: 20 }),
    ).toBe("'할 일' 리스트를 2번째에 놓았습니다.");
  });
});
