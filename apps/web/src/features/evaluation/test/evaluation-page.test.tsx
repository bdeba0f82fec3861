import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  EvaluationDetail,
  EvaluationFeedback,
  EvaluationResults,
  EvaluationRound,
} from '@teamup/contracts/evaluation';
import { renderPage } from '../../../test/render';
import { ok, problem, type ApiCall } from '../../../test/stub-api';
import { signedInScreenTests, stubChatApi } from '../../chat/test/fixtures';
import { EvaluationPage } from '../pages/evaluation-page';

const round: EvaluationRound = {
  id: 7,
  workspaceId: 1,
  title: '중간 동료 평가',
  description: '',
  criteria: [
    { title: '기여도', description: '맡은 일을 해냈는가' },
    { title: '소통', description: '' },
  ],
  includeSelf: false,
  opensAt: '2026-11-30T00:00:00.000Z',
  closesAt: '2026-12-07T00:00:00.000Z',
  releasedAt: null,
  status: 'OPEN',
  hasResponses: false,
};

const studentDetail = (
  extra: Partial<EvaluationDetail['myTeams'][number]> = {},
): EvaluationDetail => ({
  round,
  viewer: 'STUDENT',
  canRun: false,
  completion: null,
  myTeams: [
    {
      teamId: 5,
      teamName: '캡스톤 팀',
      ratees: [
        { userId: 11, name: '이민지', profileImageUrl: null, isSelf: false },
        { userId: 12, name: '박서준', profileImageUrl: null, isSelf: false },
      ],
      answers: [],
      complete: false,
      submittedAt: null,
      ...extra,
    },
  ],
});

function setup(handler: (call: ApiCall) => Response | undefined) {
  const calls = stubChatApi(handler);
  renderPage('/ws/:workspaceId/evaluations/:roundId', <EvaluationPage />, '/ws/1/evaluations/7');
  return calls;
}

signedInScreenTests();

describe('동료 평가: a student', () => {
  it('rates every teammate on every criterion with radio choices, and submits the whole set', async () => {
    const calls = setup((call) => {
      if (call.method === 'GET' && call.path === '/api/evaluations/7') return ok(studentDetail());
      if (call.method === 'PUT' && call.path === '/api/evaluations/7/teams/5/responses') {
        return ok(
          studentDetail({
            complete: true,
            submittedAt: '2026-12-01T01:00:00.000Z',
            answers: (call.body as { responses: EvaluationDetail['myTeams'][number]['answers'] })
              .responses,
          }),
        );
      }
      return undefined;
    });
    const form = await screen.findByTestId('rating-form');
    expect(within(form).getByTestId('rating-state').textContent).toBe('아직 제출하지 않음');
    // Submitting with choices missing says so and sends nothing.
    fireEvent.click(within(form).getByTestId('rating-submit'));
    expect(await screen.findByTestId('rating-missing')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    const group = (label: string) => screen.getByRole('radiogroup', { name: label });
    const choose = (label: string, score: number) => {
      const radio = within(group(label)).getAllByRole('radio')[score - 1] as HTMLInputElement;
      fireEvent.click(radio);
    };
    choose('이민지: 기여도', 5);
    choose('이민지: 소통', 4);
    choose('박서준: 기여도', 2);
    choose('박서준: 소통', 3);
    fireEvent.change(screen.getByLabelText(/이민지에게 남길 코멘트/), {
      target: { value: '  발표 준비를 잘 했어요 ' },
    });
    fireEvent.click(screen.getByTestId('rating-submit'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      responses: [
        { rateeId: 11, scores: [5, 4], comment: '발표 준비를 잘 했어요' },
        { rateeId: 12, scores: [2, 3], comment: '' },
      ],
    });
    await waitFor(() => expect(screen.getByTestId('rating-state').textContent).toBe('제출 완료'));
    expect(screen.getByTestId('rating-saved-at').textContent).toContain(
      '마감 전까지 수정할 수 있습니다.',
    );
    expect(screen.getByTestId('rating-submit').textContent).toBe('수정해서 다시 제출');
  });

  it('shows the server’s Korean refusal', async () => {
    setup((call) => {
      if (call.method === 'GET')
        return ok(
          studentDetail({
            answers: [
              { rateeId: 11, scores: [3, 3], comment: '' },
              { rateeId: 12, scores: [3, 3], comment: '' },
            ],
          }),
        );
      return problem(409, 'EVALUATION_NOT_OPEN', '평가 기간이 아닙니다.');
    });
    fireEvent.click(await screen.findByTestId('rating-submit'));
    expect(await screen.findByText('평가 기간이 아닙니다.')).toBeTruthy();
  });

  it('sees their own feedback once released, and the explanation when it is withheld', async () => {
    const feedback: EvaluationFeedback = {
      roundId: 7,
      released: true,
      criteria: round.criteria,
      teams: [
        {
          teamId: 5,
          teamName: '캡스톤 팀',
          peerRaters: 3,
          withheld: false,
          criterionMeans: [4.33, 3.67],
          overall: 4,
          adjustment: 1.08,
          comments: ['꼼꼼해요', '자료 정리가 좋아요'],
        },
        {
          teamId: 6,
          teamName: '둘뿐인 팀',
          peerRaters: 1,
          withheld: true,
          criterionMeans: [],
          overall: null,
          adjustment: null,
          comments: [],
        },
      ],
    };
    setup((call) => {
      if (call.path === '/api/evaluations/7') {
        return ok({
          ...studentDetail(),
          round: { ...round, status: 'CLOSED', releasedAt: '2026-12-08T00:00:00.000Z' },
        });
      }
      if (call.path === '/api/evaluations/7/feedback') return ok(feedback);
      return undefined;
    });
    const teams = await screen.findAllByTestId('feedback-team');
    expect(within(teams[0] as HTMLElement).getByText('4.33')).toBeTruthy();
    expect(within(teams[0] as HTMLElement).getByText('1.08')).toBeTruthy();
    expect(
      within(within(teams[0] as HTMLElement).getByTestId('feedback-comments'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['꼼꼼해요', '자료 정리가 좋아요']);
    expect(within(teams[1] as HTMLElement).getByTestId('feedback-withheld').textContent).toContain(
      '동료 2명 이상이 평가해야',
    );
    // The closed round's form can no longer be sent.
    expect(screen.queryByTestId('rating-submit')).toBeNull();
  });
});

describe('동료 평가: staff', () => {
  it('shows completion by team, the results with flags, raw answers on demand, and releases', async () => {
    const closed = { ...round, status: 'CLOSED' as const, hasResponses: true };
    const results: EvaluationResults = {
      round: closed,
      teams: [
        {
          teamId: 5,
          teamName: '캡스톤 팀',
          disagreement: 1.5,
          teamDisagree: true,
          teamMean: 2.5,
          evidenceFrom: '2026-09-01',
          evidenceTo: '2026-12-01',
          students: [
            {
              userId: 11,
              name: '이민지',
              profileImageUrl: null,
              done: true,
              peerRaters: 2,
              criterionMeans: [1.5, 1.5],
              overall: 1.5,
              selfOverall: null,
              adjustment: 0.6,
              flags: ['LOW_BY_ALL'],
              evidence: {
                approved: 1,
                completionRequests: 1,
                posts: 0,
                comments: 2,
                files: 0,
                messages: 4,
                meetingMinutes: 30,
                activeDays: 3,
              },
            },
            {
              userId: 12,
              name: '박서준',
              profileImageUrl: null,
              done: false,
              peerRaters: 2,
              criterionMeans: [3, 3],
              overall: 3,
              selfOverall: 5,
              adjustment: 1.2,
              flags: ['SELF_HIGH'],
              evidence: {
                approved: 6,
                completionRequests: 6,
                posts: 5,
                comments: 12,
                files: 3,
                messages: 80,
                meetingMinutes: 240,
                activeDays: 21,
              },
            },
          ],
          responses: [
            {
              raterId: 12,
              raterName: '박서준',
              rateeId: 11,
              rateeName: '이민지',
              scores: [1, 2],
              comment: '연락이 늦어요',
              submittedAt: '2026-12-01T00:00:00.000Z',
            },
          ],
        },
      ],
    };
    const calls = setup((call) => {
      if (call.path === '/api/evaluations/7') {
        return ok({
          round: closed,
          viewer: 'STAFF',
          canRun: true,
          myTeams: [],
          completion: [
            {
              teamId: 5,
              teamName: '캡스톤 팀',
              students: [
                { userId: 11, name: '이민지', profileImageUrl: null, done: true },
                { userId: 12, name: '박서준', profileImageUrl: null, done: false },
              ],
            },
          ],
        } satisfies EvaluationDetail);
      }
      if (call.path === '/api/evaluations/7/results') return ok(results);
      if (call.path === '/api/evaluations/7/release')
        return ok({ ...closed, releasedAt: '2026-12-08T00:00:00.000Z' });
      return undefined;
    });
    const completion = await screen.findByTestId('team-completion');
    expect(completion.textContent).toContain('1/2');
    expect(completion.textContent).toContain('박서준 · 미제출');
    const rows = await screen.findAllByTestId('student-result');
    expect(rows[0]?.textContent).toContain('모든 동료가 낮게 평가');
    expect(rows[0]?.textContent).toContain('0.6');
    expect(rows[1]?.textContent).toContain('자기 평가 과대');
    // Beside the ratings, the work: the one rated low did little, the self-rater much.
    expect(within(rows[0] as HTMLElement).getByTestId('student-evidence').textContent).toBe(
      '승인 카드 1 · 글 0 · 댓글 2 · 메시지 4 · 회의 30분 · 활동 3일',
    );
    expect(within(rows[1] as HTMLElement).getByTestId('student-evidence').textContent).toContain(
      '회의 240분',
    );
    expect(screen.getByText('기여 근거: 2026-09-01 ~ 2026-12-01')).toBeTruthy();
    expect(screen.getByRole('link', { name: '기여도 자세히 보기' }).getAttribute('href')).toContain(
      '/team/5?tab=contribution',
    );
    expect(screen.getByTestId('flag-team-disagree').textContent).toBe('팀 평가 불일치');
    expect(screen.queryByTestId('raw-responses')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '원본 응답 보기' }));
    expect(within(screen.getByTestId('raw-responses')).getByText('연락이 늦어요')).toBeTruthy();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    fireEvent.click(screen.getByTestId('release'));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'POST' && call.path === '/api/evaluations/7/release'),
      ).toBe(true),
    );
  });
});
