import { scopeLabels, TokenLimits } from '@teamup/contracts/tokens';

/** The Korean texts of the personal access tokens (issue 46; part of `ko`, i18n/ko.ts). */
export const tokensKo = {
  title: '개인 액세스 토큰',
  hint: '스크립트나 다른 서비스에서 TeamUp API를 부를 때 쓰는 열쇠입니다. 요청 헤더에 "Authorization: Bearer 토큰"으로 보내세요.',
  secretWarning:
    '토큰을 가진 사람은 누구나 내 계정으로 선택한 권한만큼 행동할 수 있습니다. 비밀번호처럼 보관하세요. 계정 보안 설정과 관리자 기능에는 쓸 수 없습니다.',
  none: '아직 만든 토큰이 없습니다.',
  nameLabel: '토큰 이름',
  namePlaceholder: '예: 과제 제출 알림 봇',
  scopesLabel: '권한',
  scopes: scopeLabels,
  scopeHints: {
    read: '목록과 내용을 읽습니다 (GET 요청).',
    write: '글, 일정, 카드 등을 만들고 바꾸고 지웁니다.',
    chat: '채팅 메시지를 보내고 실시간 연결(STOMP)을 엽니다.',
  },
  expiryLabel: '만료',
  expiryDays: (days: number) => `${days}일`,
  never: '만료 없음',
  create: '토큰 만들기',
  shownOnce: '이 토큰은 지금 한 번만 보여 드립니다. 복사해 안전한 곳에 보관하세요.',
  tokenLabel: '새 토큰',
  copy: '토큰 복사',
  copied: '복사했습니다',
  created: (name: string) => `'${name}' 토큰을 만들었습니다.`,
  limit: `토큰은 한 사람당 ${TokenLimits.perPerson}개까지 만들 수 있습니다.`,
  createdAt: (date: string) => `${date} 생성`,
  lastUsed: (date: string) => `마지막 사용 ${date}`,
  neverUsed: '아직 사용하지 않음',
  expiresAt: (date: string) => `${date} 만료`,
  expired: '만료됨',
  noExpiry: '만료 없음',
  revoke: '폐기',
  revokeTitle: '토큰 폐기',
  revokeConfirm: (name: string) =>
    `'${name}' 토큰을 폐기할까요? 이 토큰을 쓰는 스크립트와 연결은 바로 멈춥니다.`,
  revoked: '토큰을 폐기했습니다.',
  loadFailed: '토큰 목록을 불러오지 못했습니다.',
  actionFailed: '토큰을 바꾸지 못했습니다. 잠시 후 다시 시도해주세요.',
} as const;
