/**
 * The web app's user-facing strings, in Korean. Texts quoted by the spec
 * (../shared/spec/01-accounts-workspaces-shell.md, sections 5 and 8) are copied exactly.
 * Components never hold literal Korean text: they read it from here or from i18n/ko/*.ts.
 * This file holds what the public pages (login, signup, password reset) and the signed-in frame
 * show, since it loads with the login page; each larger feature's texts live in a file of their
 * own under i18n/ko/ (`chatKo` in ko/chat.ts...), which the feature imports directly, so the login
 * page does not load every screen's strings (docs/performance.md, "First load of the web app").
 */
import type { ErrorCode } from '@teamup/contracts/error-codes';

const seconds = (value: number) => `${value}초`;

/**
 * A wait as a person reads it: seconds under a minute, else minutes (rounded up), else hours and
 * minutes ("1시간", "1시간 30분"), never "3600초".
 */
const wait = (value: number) => {
  if (value < 60) return `${value}초`;
  const minutes = Math.ceil(value / 60);
  if (minutes < 60) return `${minutes}분`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours}시간` : `${hours}시간 ${rest}분`;
};

export const ko = {
  brand: 'TeamUp',

  /** Browser tab titles the pages' own headings do not already give (see lib/document-title). */
  documentTitle: {
    oauth: '소셜 로그인',
    userProfile: '프로필',
    meeting: '화상 회의',
    gettingStarted: '시작하기',
  },

  /** File sizes (lib/file-size.ts): one format everywhere. */
  fileSize: {
    kilobytes: (value: string) => `${value} KB`,
    megabytes: (value: string) => `${value} MB`,
    gigabytes: (value: string) => `${value} GB`,
  },

  common: {
    loading: '불러오는 중...',
    sessionLoading: '로그인 정보를 확인하는 중입니다...',
    cancel: '취소',
    confirm: '확인',
    back: '이전',
    notSet: '미입력',
    close: '닫기',
    openMenu: '메뉴 열기',
    closeMenu: '메뉴 닫기',
    typeToConfirm: '이름을 정확히 입력하면 삭제 버튼을 누를 수 있습니다.',
  },

  errors: {
    network: '네트워크 연결에 실패했습니다. 서버가 실행 중인지 확인해주세요.',
    /** A request failed while the browser says the device has no network. */
    offline: '오프라인 상태입니다. 인터넷에 다시 연결되면 시도해주세요.',
    authRequired: '인증이 필요합니다. 로그인해주세요.',
    sessionExpired: '인증이 만료되었습니다. 다시 로그인해주세요.',
    unknown: '알 수 없는 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    retryAfter: (value: number) => `${wait(value)} 후에 다시 시도할 수 있습니다.`,
    loadFailed: '정보를 불러오지 못했습니다.',
    /**
     * Korean text per stable problem `code` (packages/contracts/src/error-codes.ts). Codes not
     * listed here show the server's `detail`, which is Korean and fit to show.
     */
    byCode: {
      AUTH_REQUIRED: '인증이 필요합니다. 로그인해주세요.',
      TOKEN_INVALID: '인증이 만료되었습니다. 다시 로그인해주세요.',
      TOKEN_EXPIRED: '인증이 만료되었습니다. 다시 로그인해주세요.',
      SESSION_REVOKED: '인증이 만료되었습니다. 다시 로그인해주세요.',
      REFRESH_TOKEN_MISSING: '리프레시 토큰이 없습니다.',
      REFRESH_TOKEN_INVALID: '토큰 갱신에 실패했습니다. 다시 로그인해주세요.',
      REFRESH_TOKEN_REUSED: '토큰 갱신에 실패했습니다. 다시 로그인해주세요.',
      INVALID_CREDENTIALS: '이메일 또는 비밀번호가 올바르지 않습니다.',
      EMAIL_ALREADY_REGISTERED: '이미 가입된 이메일 주소입니다.',
      EMAIL_NOT_VERIFIED: '이메일 인증을 먼저 완료해주세요.',
      CODE_INVALID: '잘못된 인증 코드입니다.',
      CODE_EXPIRED: '인증 코드가 만료되었습니다. 새로운 인증 코드를 요청해주세요.',
      CURRENT_PASSWORD_WRONG: '현재 비밀번호가 올바르지 않습니다.',
      SOCIAL_ACCOUNT_PASSWORD: '소셜 로그인 계정은 비밀번호를 변경할 수 없습니다.',
      PASSWORD_MISMATCH: '비밀번호가 일치하지 않습니다.',
      IMAGE_INVALID: '이미지 파일만 업로드 가능합니다.',
      FILE_TOO_LARGE: '파일 크기는 5MB 이하여야 합니다.',
      INTERNAL: '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    } satisfies Partial<Record<ErrorCode, string>>,
  },

  validation: {
    emailInvalid: '올바른 이메일 주소를 입력해주세요.',
    passwordRequired: '비밀번호를 입력해주세요.',
    codeLength: '6자리 인증 코드를 입력해주세요.',
    signupPasswordPolicy: '8자 이상, 대소문자, 숫자를 포함해야 합니다.',
    resetPasswordPolicy: '8자 이상, 대소문자, 숫자, 특수문자를 포함해야 합니다.',
    passwordMismatch: '비밀번호가 일치하지 않습니다.',
    passwordTooShort: '비밀번호는 8자 이상이어야 합니다.',
    currentPasswordRequired: '현재 비밀번호를 입력해주세요.',
    fileTooLarge: '파일 크기는 5MB 이하여야 합니다.',
    imageOnly: '이미지 파일만 업로드 가능합니다.',
    tagTooLong: (max: number) => `태그는 ${max}자 이하여야 합니다.`,
    tooManyTags: (max: number) => `태그는 최대 ${max}개까지 추가할 수 있습니다.`,
    tagDuplicate: '이미 추가된 태그입니다.',
  },

  layout: {
    /** The logo link: its name starts with the brand it shows (WCAG 2.5.3, issue 41). */
    home: 'TeamUp 홈으로',
    notifications: '알림',
    profileMenu: '프로필 메뉴',
    myPage: '마이페이지',
    /** Shown to instance admins only (issue 46). */
    adminPage: '관리자 페이지',
    logout: '로그아웃',
    workspaceRail: '워크스페이스 목록',
    workspaceSidePanel: '워크스페이스 메뉴',
    workspacePanelSoon: '워크스페이스 메뉴는 준비 중입니다.',
  },

  login: {
    title: '로그인',
    subtitle: '팀과 함께하는 협업 공간에 오신 것을 환영합니다.',
    email: '이메일',
    emailPlaceholder: 'name@example.com',
    password: '비밀번호',
    passwordPlaceholder: '비밀번호를 입력하세요',
    submit: '로그인',
    failed: '로그인에 실패했습니다',
    noAccount: '아직 계정이 없으신가요?',
    toSignup: '회원가입',
    forgotPassword: '비밀번호를 잊으셨나요?',
    or: '또는',
    google: 'Google로 계속하기',
    kakao: '카카오로 계속하기',
    /** The school's single sign-on, by the name the admin configured (issue 46). */
    sso: (name: string) => `${name}으로 로그인`,
  },

  signup: {
    title: '회원가입',
    subtitle: '이메일 인증 후 비밀번호를 설정하면 가입이 완료됩니다.',
    stepEmail: '이메일',
    stepCode: '인증',
    stepPassword: '비밀번호',
    email: '이메일',
    emailPlaceholder: 'name@example.com',
    requestCode: '인증 코드 받기',
    codeSent: (email: string) => `${email}(으)로 인증 코드를 보냈습니다.`,
    code: '인증 코드',
    codePlaceholder: '6자리 코드',
    verify: '인증하기',
    codeMismatch: '인증 코드가 올바르지 않습니다.',
    resend: '인증 코드 다시 받기',
    resendIn: (value: number) => `다시 받기 (${seconds(value)})`,
    changeEmail: '이메일 변경',
    password: '비밀번호',
    passwordConfirm: '비밀번호 확인',
    submit: '가입하기',
    failed: '회원가입에 실패했습니다',
    completed: '회원가입이 완료되었습니다. 로그인해주세요.',
    haveAccount: '이미 계정이 있으신가요?',
    toLogin: '로그인',
  },

  reset: {
    title: '비밀번호 재설정',
    subtitle: '가입한 이메일로 받은 인증 코드로 비밀번호를 재설정합니다.',
    stepEmail: '이메일',
    stepCode: '인증',
    stepPassword: '새 비밀번호',
    email: '이메일',
    emailPlaceholder: 'name@example.com',
    request: '인증 코드 보내기',
    requestFailed: '인증 코드 발송에 실패했습니다.',
    codeSent: (email: string) => `${email}(으)로 인증 코드를 보냈습니다. 메일함을 확인해주세요.`,
    code: '인증 코드',
    codePlaceholder: '숫자 6자리',
    verify: '코드 확인',
    verifyFailed: '인증 코드 확인에 실패했습니다.',
    resend: '인증 코드 다시 보내기',
    resendIn: (value: number) => `다시 보내기 (${seconds(value)})`,
    password: '새 비밀번호',
    passwordConfirm: '새 비밀번호 확인',
    submit: '비밀번호 재설정',
    failed: '비밀번호 재설정에 실패했습니다.',
    success: '비밀번호가 재설정되었습니다. 잠시 후 로그인 페이지로 이동합니다.',
    loginMessage: '비밀번호가 재설정되었습니다. 새 비밀번호로 로그인해주세요.',
    toLogin: '로그인으로 돌아가기',
    rulesTitle: '새 비밀번호는 아래 조건을 모두 만족해야 합니다.',
  },

  /** The live checklist under a new-password field, one line per rule. */
  passwordRules: {
    listLabel: '비밀번호 조건',
    length: '8자 이상',
    upper: '영문 대문자 포함',
    lower: '영문 소문자 포함',
    digit: '숫자 포함',
    special: '특수문자 포함 (예: ! @ # $ %)',
    met: '충족',
    unmet: '미충족',
  },

  twoFactor: {
    stepTitle: '2단계 인증',
    stepHint: '인증 앱(Google Authenticator 등)에 표시된 6자리 코드를 입력해주세요.',
    code: '인증 코드',
    codePlaceholder: '6자리 숫자',
    recoveryCode: '복구 코드',
    recoveryPlaceholder: 'xxxxx-xxxxx',
    useRecovery: '인증 앱을 쓸 수 없나요? 복구 코드 사용',
    useApp: '인증 앱 코드 입력',
    submit: '확인',
    cancel: '다른 방법으로 로그인',
    failed: '인증에 실패했습니다.',
    sectionTitle: '2단계 인증',
    sectionHint:
      '로그인할 때 비밀번호(또는 소셜 로그인) 다음에 인증 앱의 코드를 한 번 더 확인합니다.',
    statusOn: (left: number) => `켜짐 · 남은 복구 코드 ${left}개`,
    statusOff: '꺼짐',
    turnOn: '2단계 인증 켜기',
    turnOff: '2단계 인증 끄기',
    scanTitle: '1. 인증 앱으로 QR 코드를 스캔하세요',
    manualKey: 'QR 코드를 스캔할 수 없다면 이 키를 직접 입력하세요',
    confirmTitle: '2. 앱에 표시된 6자리 코드를 입력하세요',
    enable: '확인하고 켜기',
    enabled: '2단계 인증이 켜졌습니다.',
    recoveryTitle: '복구 코드',
    recoveryHint:
      '인증 앱을 잃어버렸을 때 한 번씩 쓸 수 있는 코드입니다. 지금만 보여드리니 안전한 곳에 보관하세요.',
    copy: '복사',
    copied: '복사했습니다.',
    download: '파일로 저장',
    done: '보관했습니다',
    disableTitle: '2단계 인증 끄기',
    disableHint: '비밀번호 또는 복구 코드 하나로 확인합니다.',
    password: '비밀번호',
    disable: '끄기',
    disabled: '2단계 인증이 꺼졌습니다.',
    loadFailed: '2단계 인증 상태를 불러오지 못했습니다.',
  },

  userPage: {
    open: '프로필 페이지 보기',
    notFound: '사용자를 찾을 수 없습니다.',
    notFoundHint: '같은 워크스페이스의 멤버만 프로필을 볼 수 있습니다.',
    sharedWorkspaces: '함께하는 워크스페이스',
    loadFailed: '프로필을 불러오지 못했습니다.',
    back: '뒤로',
  },

  linkedAccounts: {
    title: '연결된 소셜 계정',
    linked: '연결됨',
    notLinked: '연결 안 됨',
    unlink: '연결 해제',
    unlinked: '연결을 해제했습니다.',
    link: '연결하기',
    linkedNow: (provider: string) => `${provider} 계정을 연결했습니다.`,
    /** The school's sign-on: its name ('학교 계정') often says 계정 already. */
    linkedSsoNow: (name: string) => `${name} 연결을 완료했습니다.`,
    needsPassword: '연결을 해제하려면 먼저 비밀번호 찾기로 비밀번호를 설정해주세요.',
  },

  oauth: {
    loading: '소셜 로그인을 처리하는 중입니다...',
    success: '로그인되었습니다. 잠시 후 이동합니다.',
    failed: '소셜 로그인에 실패했습니다. 잠시 후 로그인 페이지로 이동합니다.',
    toLogin: '로그인 페이지로 이동',
  },

  session: {
    expiredTitle: '로그아웃되었습니다',
  },

  /** The installed app (decision 0043): a new build waiting, the screen shown offline. */
  appUpdate: {
    available: '새 버전이 있습니다',
    hint: '새로고침하면 새 버전으로 바뀝니다.',
    reload: '새로고침',
  },
  offline: {
    title: '오프라인 상태입니다',
    body: '인터넷에 연결되어 있지 않아 정보를 불러올 수 없습니다. 다시 연결되면 자동으로 다시 시도합니다.',
    serverTitle: '서버에 연결할 수 없습니다',
    serverBody:
      '인터넷은 연결되어 있지만 TeamUp 서버가 응답하지 않습니다. 잠시 후 다시 시도해주세요.',
    retry: '다시 시도',
  },

  /** Workspace home (spec 01 section 2, spec 02 section 2). */
  home: {
    greeting: (name: string) => `${name}님, 안녕하세요`,
    defaultName: '사용자',
    workspaceLabel: '워크스페이스',
    myTeams: '내 팀',
    openTeamDialog: '팀 만들기 또는 참여',
    noTeams: '아직 참여한 팀이 없습니다.',
    noTeamsHint: '새 팀을 만들거나 워크스페이스의 기존 팀에 참여해보세요.',
    teamsFailed: '팀 목록을 불러오지 못했습니다.',
    memberCount: (count: number) => `멤버 ${count}명`,
    progress: '진행률',
    progressValue: (value: number) => `${value}%`,
    enter: '입장',
    enterTeam: (name: string) => `${name} 팀 입장`,
    members: '워크스페이스 멤버',
    membersTotal: (count: number) => `총 ${count}명`,
    inviteTitle: '함께할 팀원을 초대해보세요',
    inviteHint:
      '아직 이 워크스페이스에는 나만 있습니다. 초대 링크를 보내면 팀원이 바로 참여할 수 있습니다.',
    copyInviteLink: '초대 링크 복사',
    inviteLinkCopied: '초대 링크를 복사했습니다. 팀원에게 보내주세요.',
    inviteCopyFailed: '복사하지 못했습니다. 초대 코드 보기에서 링크를 직접 복사해주세요.',
    openInvite: '초대 코드 보기',
    moreMembers: (count: number) => `(${count}명 더)`,
    allMembers: '전체 보기',
    allMembersTitle: (count: number) => `워크스페이스 멤버 (${count}명)`,
    noMembers: '아직 멤버가 없습니다.',
    membersFailed: '멤버 목록을 불러오지 못했습니다.',
    memberDetailTitle: '멤버 정보',
    workspaceLoading: '워크스페이스를 불러오는 중입니다...',
  },

  /**
   * The invitation a signed-out visitor followed, above the login and sign-up forms
   * (components/invite-banner.tsx); the rest of the workspace texts are in ko/workspaces.ts.
   */
  workspaceInvite: {
    title: (name: string) => `초대받은 워크스페이스: ${name}`,
    loading: '초대 정보를 확인하는 중...',
    loginHint: '로그인하면 바로 이 워크스페이스에 참여합니다.',
    signupHint: '가입을 마치고 로그인하면 바로 이 워크스페이스에 참여합니다.',
    newHere: '처음이신가요?',
    signupAndJoin: '회원가입하고 참여하기',
    invalid:
      '초대 링크가 올바르지 않거나 더 이상 사용할 수 없습니다. 초대한 사람에게 새 링크를 받아주세요.',
    unavailable: '초대 정보를 불러오지 못했습니다. 로그인하면 초대받은 워크스페이스로 이동합니다.',
  },

  /** Member fields and roles as shown in member lists and the member detail modal. */
  member: {
    /** A workspace's member count (the invitation, the workspace chooser, the invite password). */
    count: (count: number) => `멤버 ${count}명`,
    email: '이메일',
    role: '역할',
    /** An account an instance admin deactivated (its content stays). */
    deactivated: '비활성',
    roles: {
      OWNER: '소유자',
      ADMIN: '관리자',
      INSTRUCTOR: '교수자',
      TA: '조교',
      MEMBER: '멤버',
      LEADER: '팀장',
    },
    profileImage: (name: string) => `${name}의 프로필 이미지`,
  },

  myPage: {
    title: '마이페이지',
    editProfile: '프로필 수정',
    accountSettings: '계정 설정',
    provider: '로그인 방식',
    mbti: 'MBTI',
    age: '나이',
    ageValue: (age: number) => `${age}세`,
    disposition: '성향',
    hashtags: '기술 태그',
    introduction: '자기소개',
    portfolio: '포트폴리오',
    preferWorkstyle: '선호하는 작업 스타일',
    dislikeWorkstyle: '기피하는 작업 스타일',
    noTags: '등록된 태그가 없습니다.',
  },

  providers: {
    LOCAL: '이메일',
    GOOGLE: 'Google',
    KAKAO: '카카오',
    SSO: '학교 계정(SSO)',
  },

  profileEdit: {
    title: '프로필 수정',
    image: '프로필 이미지',
    imageInput: '프로필 이미지 파일',
    changeImage: '이미지 변경',
    imageHint: 'JPG, PNG, GIF, WebP 형식, 5MB 이하',
    imageUploaded: '프로필 이미지가 변경되었습니다.',
    imageFailed: '이미지 업로드에 실패했습니다.',
    name: '이름',
    age: '나이',
    agePlaceholder: '예: 25',
    mbti: 'MBTI',
    mbtiPlaceholder: '예: ENFP',
    disposition: '성향',
    dispositionPlaceholder: '예: 꼼꼼하고 계획적인 편',
    tags: '기술 태그',
    tagsPlaceholder: '입력 후 Enter',
    tagsHint: 'Enter 키로 태그를 추가합니다.',
    suggestions: '추천 태그',
    removeTag: (tag: string) => `${tag} 태그 삭제`,
    addTag: (tag: string) => `${tag} 태그 추가`,
    introduction: '자기소개',
    portfolio: '포트폴리오 링크',
    portfolioPlaceholder: 'https://',
    preferWorkstyle: '선호하는 작업 스타일',
    dislikeWorkstyle: '기피하는 작업 스타일',
    save: '저장하기',
    saved: '프로필이 저장되었습니다.',
    failed: '프로필 저장에 실패했습니다.',
    backToMyPage: '마이페이지로',
  },

  /** The one-step prompt after the first login (issue 41). */
  profilePrompt: {
    title: '프로필을 완성하세요',
    description:
      '팀원들에게 보일 이름과 사진을 정해 주세요. 나중에 마이페이지에서 바꿀 수 있습니다.',
    save: '저장',
    later: '나중에 하기',
  },

  account: {
    title: '계정 설정',
    info: '계정 정보',
    email: '이메일',
    provider: '로그인 방식',
    createdAt: '가입일',
    passwordTitle: '비밀번호 변경',
    socialNotice: '소셜 로그인 계정은 비밀번호를 변경할 수 없습니다.',
    currentPassword: '현재 비밀번호',
    newPassword: '새 비밀번호',
    newPasswordHint: '대문자, 소문자, 숫자를 섞어 8자 이상 입력해주세요.',
    confirmPassword: '새 비밀번호 확인',
    submit: '비밀번호 변경',
    changed: '비밀번호가 변경되었습니다. 다른 기기에서는 로그아웃됩니다.',
    failed: '비밀번호 변경에 실패했습니다.',
    sessionsTitle: '로그인된 기기',
    sessionsHint: '로그인된 기기 목록입니다. 모르는 기기가 있다면 로그아웃시키세요.',
    currentDevice: '현재 기기',
    unknownDevice: '알 수 없는 기기',
    lastUsed: (value: string) => `마지막 사용 ${value}`,
    inUseNow: '지금 사용 중',
    signedIn: (value: string) => `로그인 ${value}`,
    ip: (value: string) => `IP ${value}`,
    revoke: '로그아웃',
    revokeTitle: '기기 로그아웃',
    revokeConfirm: '이 기기의 로그인을 해제할까요?',
    revokeCurrentConfirm: '현재 기기입니다. 로그아웃하면 로그인 화면으로 이동합니다. 계속할까요?',
    revoked: '기기가 로그아웃되었습니다.',
    revokeFailed: '기기 로그아웃에 실패했습니다.',
    noSessions: '로그인된 기기가 없습니다.',
  },

  /** The live link's status in the top bar. */
  live: {
    open: '실시간 연결됨',
    connecting: '실시간 연결 중...',
    down: '실시간 연결이 끊어졌습니다',
    retry: '다시 연결',
  },

  /** dayjs formats (the 'ko' locale supplies 오전/오후 and relative times). */
  dates: {
    date: 'YYYY년 M월 D일',
    dateTime: 'YYYY년 M월 D일 A h:mm',
    /** The date pickers (components/date-fields): dayjs formats and their labels. */
    picker: {
      date: 'YYYY. M. D.',
      dateTime: 'YYYY. M. D. A h:mm',
      monthLabel: 'YYYY년 M월',
      yearLabel: 'YYYY년',
      monthsList: 'M월',
      dayAria: 'YYYY년 M월 D일 dddd',
      placeholderDate: '날짜 선택',
      placeholderDateTime: '날짜와 시간 선택',
      previousMonth: '이전 달',
      nextMonth: '다음 달',
      previousYear: '이전 해',
      nextYear: '다음 해',
      previousDecade: '이전 10년',
      nextDecade: '다음 10년',
      monthLevelControl: '월 선택',
      yearLevelControl: '연도 선택',
      hours: '시',
      minutes: '분',
      hoursPlaceholder: '시',
      minutesPlaceholder: '분',
      submit: '확인',
      clear: '날짜 지우기',
      clearTime: '시간 지우기',
    },
    /** Asked before saving a due date that has already passed (a task's or a deadline's). */
    pastDue: {
      title: '지난 마감일',
      message: (when: string) => `마감일(${when})이 이미 지났습니다. 그래도 저장할까요?`,
      confirm: '그래도 저장',
    },
  },

  pagination: {
    summary: (total: number, from: number, to: number) => `총 ${total}개, ${from}-${to}`,
    previous: '이전',
    next: '다음',
    page: (page: number) => `${page} 페이지`,
    label: '페이지 이동',
  },
} as const;
