import { describe, expect, it } from 'vitest';
import { composeDigestMail } from './digest';

describe('the digest mail', () => {
  it('lists unread reminders beside mentions and direct messages (issue 44)', () => {
    const at = new Date('2026-12-01T00:00:00Z');
    const mail = composeDigestMail({
      to: 'a@example.com',
      name: '민지',
      notices: [
        {
          kind: 'TASK_DUE_SOON',
          message: "[팀] '보고서' 마감까지 1시간 남았습니다.",
          link: '/ws/1/team/2?tab=kanban&task=3',
          count: 1,
          updatedAt: at,
        },
        {
          kind: 'SCHEDULE_REMINDER',
          message: "[팀] '회의' 일정이 10분 후 시작합니다.",
          link: '/ws/1/team/2?tab=calendar&schedule=4',
          count: 1,
          updatedAt: at,
        },
        {
          kind: 'MENTION',
          message: '채팅에서 언급',
          link: '/ws/1/chat/5',
          count: 1,
          updatedAt: at,
        },
      ],
      total: 3,
      origin: 'https://teamup.example',
      unsubscribeUrl: 'https://teamup.example/u',
      unsubscribePageUrl: 'https://teamup.example/#/u',
    });
    expect(mail.subject).toBe('[TeamUp] 읽지 않은 멘션 1개, 리마인더 2개');
    expect(mail.text).toContain(
      "리마인더\n- [팀] '보고서' 마감까지 1시간 남았습니다.\n  https://teamup.example/#/ws/1/team/2?tab=kanban&task=3",
    );
    expect(mail.html).toContain('<h2 style="font-size:16px">리마인더</h2>');
  });
});
