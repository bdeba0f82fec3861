import type { AppContext } from './context';
import { createLocalUser, findCredentials, updateProfile } from './modules/users/users.service';
import { updateProfileSchema } from '@teamup/contracts/users';
import { createTeamSchema } from '@teamup/contracts/teams';
import { createWorkspaceSchema } from '@teamup/contracts/workspaces';
import { createAnnouncementSchema, createPostFieldsSchema } from '@teamup/contracts/board';
import { createAnnouncement } from './modules/board/announcements.service';
import { createPost, postComments } from './modules/board/board.service';
import { createListSchema, createTaskSchema } from '@teamup/contracts/kanban';
import { scheduleInputSchema } from '@teamup/contracts/schedules';
import {
  createList,
  createTask,
  requestCompletion,
  reviewCompletion,
  teamKanban,
} from './modules/kanban/kanban.service';
import { createSchedule } from './modules/schedules/schedules.service';
import { createDm, createGroup, sendMessage } from './modules/chat/chat.service';
import { createChannel } from './modules/video/video.service';
import { createChatRoomSchema } from '@teamup/contracts/chat';
import { joinTeam } from './modules/teams/team-members.service';
import { createTeam } from './modules/teams/teams.service';
import { joinByInvite } from './modules/workspaces/invites.service';
import { createWorkspace, listMyWorkspaces } from './modules/workspaces/workspaces.service';

export const demoPassword = 'Demo1234!';

const people = [
  {
    email: 'minji@demo.teamup',
    name: '김민지',
    profile: { mbti: 'ENFJ', age: 24, disposition: '리더형', hashtags: ['기획', 'Figma', 'React'] },
  },
  {
    email: 'junho@demo.teamup',
    name: '이준호',
    profile: { mbti: 'ISTJ', age: 25, disposition: '꼼꼼함', hashtags: ['Node.js', 'PostgreSQL'] },
  },
  {
    email: 'seoyeon@demo.teamup',
    name: '박서연',
    profile: { mbti: 'INFP', age: 23, disposition: '아이디어형', hashtags: ['디자인', 'UX'] },
  },
  {
    email: 'hyunwoo@demo.teamup',
    name: '최현우',
    profile: { mbti: 'ESTP', age: 26, disposition: '실행형', hashtags: ['TypeScript', '테스트'] },
  },
] as const;

/** Idempotent: existing demo accounts are kept as they are. Answers the logins to print. */
export async function seedDemo(ctx: AppContext) {
  const passwordHash = await ctx.passwords.hash(demoPassword);
  for (const person of people) {
    if (await findCredentials(ctx, person.email)) continue;
    const user = await createLocalUser(
      ctx,
      {
        email: person.email,
        name: person.name,
        passwordHash,
      },
      null, // seeded as the instance starts: no request made these accounts
    );
    if (!user) continue;
    await updateProfile(
      ctx,
      user.id,
      updateProfileSchema.parse({
        ...person.profile,
        hashtags: [...person.profile.hashtags],
        introduction: `안녕하세요, ${person.name}입니다.`,
      }),
    );
  }
  await seedWorkspace(ctx);
  return people.map((person) => ({
    email: person.email,
    password: demoPassword,
    name: person.name,
  }));
}

export const demoWorkspaceName = '캡스톤 디자인 2026';
export const demoTeamPassword = 'team1234';

/** One workspace owned by the first person, everyone in it, and three teams. Once only. */
async function seedWorkspace(ctx: AppContext) {
  const ids: number[] = [];
  for (const person of people) {
    const credentials = await findCredentials(ctx, person.email);
    if (!credentials) return;
    ids.push(credentials.id);
  }
  const [ownerId, ...others] = ids as [number, ...number[]];
  if ((await listMyWorkspaces(ctx, ownerId)).some((w) => w.name === demoWorkspaceName)) return;
  const workspace = await createWorkspace(
    ctx,
    ownerId,
    createWorkspaceSchema.parse({ name: demoWorkspaceName, iconUrl: '🎓' }),
  );
  for (const userId of others) {
    await joinByInvite(ctx, userId, { inviteCode: workspace.inviteCode });
  }
  const team = (leaderId: number, name: string, description: string, password?: string) =>
    createTeam(
      ctx,
      leaderId,
      createTeamSchema.parse({ name, description, workspaceId: workspace.id, password }),
    );
  const [minji, junho, seoyeon, hyunwoo] = ids as [number, number, number, number];
  const frontend = await team(minji, '프론트엔드', '화면 설계와 React 구현');
  await joinTeam(ctx, seoyeon, frontend.id, undefined);
  await createAnnouncement(
    ctx,
    minji,
    workspace.id,
    createAnnouncementSchema.parse({
      teamId: frontend.id,
      title: '이번 주 스프린트 목표',
      content:
        '1. 로그인 화면 마무리\n2. 워크스페이스 홈 카드 디자인\n\n금요일 오후 4시에 데모합니다.',
    }),
  );
  const fields = createPostFieldsSchema.parse({
    title: '디자인 시안 공유',
    content: '피그마 링크와 색상 팔레트입니다.\n의견은 댓글로 남겨주세요!',
  });
  const post = await createPost(ctx, minji, frontend.bulletinBoardId, fields, []);
  await postComments.create(ctx, seoyeon, post.id, '버튼 색이 조금 더 진하면 좋겠어요.');
  await seedTeamPlan(ctx, frontend.id, minji, seoyeon);
  const backend = await team(junho, '백엔드', 'API와 데이터베이스');
  await joinTeam(ctx, hyunwoo, backend.id, undefined);
  await team(hyunwoo, '발표 준비', '최종 발표 자료 (비밀번호: team1234)', demoTeamPassword);
  await seedChat(ctx, workspace.id, ids as [number, number, number, number]);
  // Video rooms to step into (nobody inside: participants come and go with their connections).
  await createChannel(ctx, minji, workspace.id, { name: '주간 스탠드업' });
  await createChannel(ctx, junho, workspace.id, { name: '백엔드 페어 프로그래밍' });
}

/** A group chat everyone is in and a DM, with a short conversation in each. */
async function seedChat(
  ctx: AppContext,
  workspaceId: number,
  [minji, junho, seoyeon, hyunwoo]: [number, number, number, number],
) {
  const group = await createGroup(
    ctx,
    minji,
    workspaceId,
    createChatRoomSchema.parse({
      name: '캡스톤 전체',
      chatMemberIdList: [junho, seoyeon, hyunwoo],
    }),
  );
  const groupLines: Array<[number, string]> = [
    [minji, '다들 안녕하세요! 이번 학기 잘 부탁드려요 🙌'],
    [junho, '반갑습니다. API 명세는 금요일까지 공유할게요.'],
    [seoyeon, '디자인 시안은 게시판에 올려뒀어요.'],
    [hyunwoo, '발표 준비 팀 비밀번호는 공지 확인해주세요!'],
  ];
  for (const [sender, text] of groupLines) {
    await sendMessage(ctx, sender, workspaceId, group.id, text);
  }
  const { room: dm } = await createDm(
    ctx,
    junho,
    workspaceId,
    createChatRoomSchema.parse({ chatMemberIdList: [minji] }),
  );
  await sendMessage(
    ctx,
    junho,
    workspaceId,
    dm.id,
    '민지님, 로그인 API 응답 형식 확인 부탁드려요.',
  );
}

/** A kanban board half way through a sprint and a few schedules around today. */
async function seedTeamPlan(ctx: AppContext, teamId: number, leaderId: number, memberId: number) {
  const board = await teamKanban(ctx, leaderId, teamId);
  const list = (name: string, isDoneList = false) =>
    createList(
      ctx,
      leaderId,
      createListSchema.parse({ kanbanListName: name, kanbanId: board.id, isDoneList }),
    );
  const [todo, doing] = [await list('할 일'), await list('진행 중')];
  await list('완료', true);
  const day = (offset: number) =>
    new Date(ctx.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const task = (listId: number, subject: string, extra: object = {}) =>
    createTask(ctx, memberId, createTaskSchema.parse({ subject, kanbanListId: listId, ...extra }));
  await task(todo.id, '회원가입 폼 검증', { deadline: day(5), assigneeIds: [memberId] });
  await task(todo.id, '다크 모드 색상표', { deadline: day(-1) });
  await task(doing.id, '워크스페이스 홈 카드', { assigneeIds: [leaderId, memberId] });
  // Approved cards move to the done list; a waiting one stays in its list (decision 0040).
  const finished = await task(doing.id, '로그인 화면', { assigneeIds: [memberId] });
  await requestCompletion(ctx, memberId, finished.id, '디자인 시안대로 마쳤습니다.');
  await reviewCompletion(ctx, leaderId, finished.id, {
    approved: true,
    approvalMessage: '좋아요!',
  });
  const waiting = await task(doing.id, '공통 버튼 컴포넌트', { assigneeIds: [memberId] });
  await requestCompletion(ctx, memberId, waiting.id, '리뷰 부탁드려요');

  const at = (offset: number, hour: number) => {
    const date = new Date(ctx.now().getTime() + offset * 86_400_000);
    date.setUTCHours(hour - 9, 0, 0, 0); // Korean time
    return date.toISOString();
  };
  const schedule = (title: string, start: string, end: string, type: string) =>
    createSchedule(
      ctx,
      leaderId,
      teamId,
      scheduleInputSchema.parse({ title, startDate: start, endDate: end, type }),
    );
  await schedule('주간 회의', at(1, 10), at(1, 11), 'MEETING');
  await schedule('중간 발표 자료 마감', at(4, 18), at(4, 18), 'DEADLINE');
  await schedule('디자인 워크숍', at(7, 9), at(8, 17), 'WORKSHOP');
}
