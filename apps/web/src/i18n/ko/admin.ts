import type { AdminUserStatus, RegistrationPolicy } from '@teamup/contracts/admin';
import type { Provider } from '@teamup/contracts/users';

/** The Korean texts of the instance admin's page (issue 46), imported by the admin feature. */
export const adminKo = {
  title: '관리자',
  subtitle: '이 서비스의 사용 현황, 사용자, 가입 정책과 초대를 관리합니다.',
  loading: '불러오는 중입니다...',
  retry: '다시 시도',
  tabsLabel: '관리자 메뉴',
  tabs: {
    overview: '개요',
    users: '사용자',
    policy: '가입 정책',
  },
  forbidden: {
    title: '권한 없음',
    hint: '관리자 권한이 필요하면 이 서비스의 관리자에게 문의해주세요.',
  },

  stats: {
    label: '서비스 현황',
    loadFailed: '서비스 현황을 불러오지 못했습니다.',
    usersTotal: '사용자 전체',
    usersActive: '활성 사용자',
    usersDeactivated: '비활성 사용자',
    admins: '관리자',
    joinedLast7Days: '최근 7일 가입',
    activeLast7Days: '최근 7일 활동',
    workspaces: '워크스페이스',
    teams: '팀',
    messagesLast7Days: '최근 7일 메시지',
    files: '파일',
    filesValue: (count: string, size: string) => `${count}개 · ${size}`,
    registration: '현재 가입 정책',
    people: (count: string) => `${count}명`,
    count: (count: string) => `${count}개`,
  },

  policies: {
    OPEN: '누구나 가입',
    INVITE_ONLY: '초대받은 이메일만',
    DOMAINS: '허용한 도메인만 (+초대받은 이메일)',
  } satisfies Record<RegistrationPolicy, string>,
  policyHints: {
    OPEN: '이메일 주소가 있는 사람은 누구나 계정을 만들 수 있습니다.',
    INVITE_ONLY: '아래에서 초대한 이메일 주소로만 가입할 수 있습니다.',
    DOMAINS:
      '허용한 도메인(하위 도메인 포함)의 이메일 주소와 초대한 이메일 주소로만 가입할 수 있습니다.',
  } satisfies Record<RegistrationPolicy, string>,

  providers: {
    LOCAL: '이메일',
    GOOGLE: '구글',
    KAKAO: '카카오',
  } satisfies Record<Provider, string>,

  users: {
    filtersLabel: '사용자 검색',
    search: '검색',
    searchPlaceholder: '이름 또는 이메일',
    status: '상태',
    statuses: {
      ALL: '전체',
      ACTIVE: '활성',
      DEACTIVATED: '비활성',
      ADMIN: '관리자',
    } satisfies Record<AdminUserStatus, string>,
    loadFailed: '사용자 목록을 불러오지 못했습니다.',
    empty: '검색 결과가 없습니다.',
    columns: {
      name: '이름',
      email: '이메일',
      provider: '가입 방식',
      role: '역할',
      status: '상태',
      createdAt: '가입일',
      lastActiveAt: '최근 활동',
      workspaces: '워크스페이스',
      actions: '작업',
    },
    roles: { USER: '사용자', ADMIN: '관리자' },
    active: '활성',
    deactivated: '비활성',
    you: '나',
    never: '없음',
    workspaceCount: (count: number) => `${count}개`,
    actionsFor: (name: string) => `${name} 님 관리`,
    deactivate: '비활성화',
    reactivate: '다시 활성화',
    makeAdmin: '관리자로 지정',
    removeAdmin: '관리자 해제',
    deactivateTitle: '계정 비활성화',
    deactivateConfirm: (name: string) =>
      `${name} 님의 계정을 비활성화할까요? 이 사람의 모든 로그인 세션, 실시간 스트림과 소켓 연결이 즉시 끊기고 다시 로그인할 수 없게 됩니다. 작성한 글, 메시지, 파일 등 내용은 그대로 남으며, 나중에 다시 활성화할 수 있습니다.`,
    done: {
      deactivate: (name: string) => `${name} 님의 계정을 비활성화했습니다.`,
      reactivate: (name: string) => `${name} 님의 계정을 다시 활성화했습니다.`,
      makeAdmin: (name: string) => `${name} 님을 관리자로 지정했습니다.`,
      removeAdmin: (name: string) => `${name} 님의 관리자 권한을 해제했습니다.`,
    },
    actionFailed: '요청을 처리하지 못했습니다.',
  },

  policy: {
    title: '가입 정책',
    loadFailed: '가입 정책을 불러오지 못했습니다.',
    label: '누가 가입할 수 있나요?',
    description: '이미 가입한 사람은 정책과 관계없이 로그인할 수 있습니다.',
    domains: '허용할 도메인',
    domainsHint: (max: number) =>
      `예: school.ac.kr (하위 도메인 포함). Enter나 쉼표로 구분해 ${max}개까지 입력할 수 있습니다.`,
    domainsPlaceholder: 'school.ac.kr',
    domainError: (domain: string, message: string) => `${domain}: ${message}`,
    save: '저장',
    saved: '가입 정책을 저장했습니다.',
    saveFailed: '가입 정책을 저장하지 못했습니다.',
    updatedAt: (when: string) => `마지막 변경: ${when}`,
  },

  invitations: {
    title: '초대',
    description:
      '초대한 이메일 주소는 "초대받은 이메일만"과 "허용한 도메인만" 정책에서도 가입할 수 있습니다.',
    openPolicyHint: '지금은 누구나 가입할 수 있어 초대가 없어도 가입할 수 있습니다.',
    emails: '이메일 주소',
    emailsHint: (max: number) =>
      `한 줄에 하나씩 또는 쉼표로 구분해 입력하세요. 한 번에 ${max}명까지 초대할 수 있습니다.`,
    emailsPlaceholder: 'student1@school.ac.kr\nstudent2@school.ac.kr',
    emailError: (email: string, message: string) => `${email}: ${message}`,
    invite: '초대하기',
    invited: (count: number) => `이메일 ${count}개를 초대했습니다.`,
    inviteFailed: '초대하지 못했습니다.',
    listLabel: '초대한 이메일',
    loadFailed: '초대 목록을 불러오지 못했습니다.',
    empty: '초대한 이메일이 없습니다.',
    columns: {
      email: '이메일',
      invitedBy: '초대한 사람',
      invitedAt: '초대일',
      status: '상태',
      actions: '작업',
    },
    unknownInviter: '알 수 없음',
    used: '사용됨',
    pending: '대기 중',
    withdraw: '취소',
    withdrawLabel: (email: string) => `${email} 초대 취소`,
    withdrawn: (email: string) => `${email} 초대를 취소했습니다.`,
    withdrawFailed: '초대를 취소하지 못했습니다.',
  },
} as const;
