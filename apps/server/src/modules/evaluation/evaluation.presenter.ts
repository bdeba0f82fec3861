import type {
  EvaluationEvidence,
  EvaluationRound,
  EvaluationStatus,
  EvaluationStudentResult,
  EvaluationTeamResult,
} from '@teamup/contracts/evaluation';
import { round2, type TeamMath } from './evaluation.math';
import type { ResponseRow, RoundRow, StudentRow } from './evaluation.repo';
import {
  emptyNumbers,
  type ContributionNumbers as Numbers,
} from '../contribution/contribution.service';
import { CSV_BOM, csvField } from '../../platform/http/csv';

export function statusOf(round: RoundRow, now: Date): EvaluationStatus {
  if (now.getTime() < round.opensAt.getTime()) return 'UPCOMING';
  if (now.getTime() >= round.closesAt.getTime()) return 'CLOSED';
  return 'OPEN';
}

export function presentRound(round: RoundRow, now: Date, hasResponses: boolean): EvaluationRound {
  return {
    id: round.id,
    workspaceId: round.workspaceId,
    title: round.title,
    description: round.description,
    criteria: round.criteria,
    includeSelf: round.includeSelf,
    opensAt: round.opensAt.toISOString(),
    closesAt: round.closesAt.toISOString(),
    releasedAt: round.releasedAt?.toISOString() ?? null,
    status: statusOf(round, now),
    hasResponses,
  };
}

export const person = (student: StudentRow) => ({
  userId: student.userId,
  name: student.name,
  profileImageUrl: student.profileImageUrl,
});

function evidenceOf(numbers: Numbers | undefined): EvaluationEvidence {
  const n = numbers ?? emptyNumbers();
  return {
    approved: n.approved,
    completionRequests: n.completionRequests,
    posts: n.posts,
    comments: n.comments,
    files: n.files,
    messages: n.messages,
    meetingMinutes: n.meetingMinutes,
    activeDays: n.activeDays,
  };
}

/** Staff's view of one team: every number, and every raw answer with its rater. */
export function presentTeamResult(input: {
  teamId: number;
  teamName: string;
  students: StudentRow[];
  done: ReadonlySet<number>;
  math: TeamMath;
  responses: ResponseRow[];
  names: ReadonlyMap<number, string>;
  evidence: { from: string; to: string; numbers: ReadonlyMap<number, Numbers> };
}): EvaluationTeamResult {
  const byUser = new Map(input.math.students.map((s) => [s.userId, s]));
  const students: EvaluationStudentResult[] = input.students.map((student) => {
    const math = byUser.get(student.userId);
    return {
      ...person(student),
      done: input.done.has(student.userId),
      peerRaters: math?.peerRaters ?? 0,
      criterionMeans: (math?.criterionMeans ?? []).map(round2),
      overall: round2(math?.overall ?? null),
      selfOverall: round2(math?.selfOverall ?? null),
      adjustment: round2(math?.adjustment ?? null),
      flags: math?.flags ?? [],
      evidence: evidenceOf(input.evidence.numbers.get(student.userId)),
    };
  });
  return {
    teamId: input.teamId,
    teamName: input.teamName,
    disagreement: round2(input.math.disagreement),
    teamDisagree: input.math.teamDisagree,
    teamMean: round2(input.math.teamMean),
    evidenceFrom: input.evidence.from,
    evidenceTo: input.evidence.to,
    students,
    responses: input.responses.map((row) => ({
      raterId: row.raterId,
      raterName: input.names.get(row.raterId) ?? '',
      rateeId: row.rateeId,
      rateeName: input.names.get(row.rateeId) ?? '',
      scores: row.scores,
      comment: row.comment,
      submittedAt: row.submittedAt.toISOString(),
    })),
  };
}

const FLAG_LABELS = {
  SELF_HIGH: '자기 평가 과대',
  IDENTICAL: '모두 같은 점수',
  LOW_BY_ALL: '모든 동료가 낮게 평가',
} as const;

/** A CSV cell: quoted, and a leading = + - @ made text so a spreadsheet never runs it. */
/** Every field quoted, as the results file always was. */
const cell = (value: string | number | null) => csvField(value, 'all');

/** The results per student as CSV: UTF-8 with a BOM (Excel reads Korean), Korean headers. */
/** The evidence beside the ratings in the CSV, as the contribution page names its numbers. */
const EVIDENCE_COLUMNS: ReadonlyArray<readonly [string, keyof EvaluationEvidence]> = [
  ['승인된 카드', 'approved'],
  ['완료 요청', 'completionRequests'],
  ['게시글', 'posts'],
  ['댓글', 'comments'],
  ['공유한 파일', 'files'],
  ['보낸 메시지', 'messages'],
  ['회의 참석 분', 'meetingMinutes'],
  ['활동한 날', 'activeDays'],
];

export function resultsCsv(round: RoundRow, teams: EvaluationTeamResult[]): string {
  const header = [
    '팀',
    '학생',
    '제출 완료',
    '평가한 동료 수',
    ...round.criteria.map((c) => `${c.title} 평균`),
    '전체 평균',
    '자기 평가',
    '조정 계수',
    '플래그',
    '팀 평가 불일치',
    ...EVIDENCE_COLUMNS.map(([title]) => title),
  ];
  const lines = [header.map(cell).join(',')];
  for (const team of teams) {
    for (const s of team.students) {
      lines.push(
        [
          cell(team.teamName),
          cell(s.name),
          cell(s.done ? '예' : '아니오'),
          cell(s.peerRaters),
          ...round.criteria.map((_, c) => cell(s.criterionMeans[c] ?? null)),
          cell(s.overall),
          cell(s.selfOverall),
          cell(s.adjustment),
          cell(s.flags.map((flag) => FLAG_LABELS[flag]).join(' / ')),
          cell(team.teamDisagree ? '예' : '아니오'),
          ...EVIDENCE_COLUMNS.map(([, key]) => cell(s.evidence[key])),
        ].join(','),
      );
    }
  }
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
