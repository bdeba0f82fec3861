import { ExportLimits, exportMessages } from '@teamup/contracts/exports';

/**
 * The Korean texts of data export and import (issue 46): "내 데이터 내보내기" under My Page, the
 * workspace export in the settings' danger zone and the import in the create dialog. Imported by
 * those screens directly (not through i18n/ko.ts). The server's own sentences come from
 * `exportMessages` (contracts), so a toast says what the mail and the bell say.
 */
export const exportsKo = {
  /** My Page's link to the page. */
  link: '데이터 내보내기',
  title: '내 데이터 내보내기',
  aboutTitle: '내보내기에 담기는 것',
  intro: '내 데이터를 zip 파일 하나로 내려받을 수 있습니다. 내보내기에는 다음이 담깁니다.',
  contents: [
    '프로필',
    '내가 보낸 채팅 메시지',
    '내가 쓴 게시글과 댓글',
    '나에게 배정된 작업',
    '내가 올린 파일',
  ],
  request: '내 데이터 내보내기',
  started: exportMessages.started,
  requestFailed: '내보내기를 요청하지 못했습니다.',
  keptHint: `완료된 내보내기는 ${ExportLimits.keptDays}일 동안 내려받을 수 있습니다.`,
  listTitle: '내보내기 목록',
  loading: '내보내기 목록을 불러오는 중...',
  loadFailed: '내보내기 목록을 불러오지 못했습니다.',
  retry: '다시 시도',
  empty: '아직 요청한 내보내기가 없습니다.',
  emptyHint: '워크스페이스 내보내기는 워크스페이스 설정의 위험 구역에서 요청할 수 있습니다.',
  kinds: {
    workspace: (name: string) => `워크스페이스 '${name}'`,
    /** A workspace export whose workspace was deleted since. */
    workspaceGone: '삭제된 워크스페이스',
    personal: '내 데이터',
  },
  /** An export's state: the server's three, and READY past its days (no download any more). */
  statuses: {
    PENDING: '준비 중',
    READY: '완료',
    FAILED: '실패',
    EXPIRED: '기간 만료',
  },
  requestedAt: (date: string) => `요청 ${date}`,
  finishedAt: (date: string) => `완료 ${date}`,
  failedAt: (date: string) => `실패 ${date}`,
  until: (date: string) => `${date}까지 내려받을 수 있음`,
  size: (size: string) => `크기 ${size}`,
  pendingHint: '준비되면 메일과 알림으로 알려드립니다.',
  failedHint: '내보내기를 만들지 못했습니다. 다시 요청해주세요.',
  download: '내려받기',
  downloadLabel: (what: string) => `${what} 내보내기 내려받기`,
  downloadFailed: '내보내기를 내려받지 못했습니다.',
  /** The workspace settings' danger zone (owner only). */
  workspace: {
    title: '워크스페이스 내보내기',
    description:
      '팀, 공지, 게시판, 일정, 칸반, 그룹 채팅과 파일을 zip으로 내보냅니다. 1:1 대화는 포함되지 않습니다.',
    hint: `준비되면 메일과 알림으로 알려드리며, ${ExportLimits.keptDays}일 동안 내려받을 수 있습니다.`,
    request: '워크스페이스 내보내기',
    viewList: '내보내기 목록 보기',
  },
  /** The create dialog's second way: a new workspace from an export. */
  import: {
    divider: '또는',
    title: '내보낸 파일에서 가져오기',
    hint: 'TeamUp에서 내보낸 워크스페이스 파일(.zip)로 새 워크스페이스를 만듭니다. 내가 소유자가 되고, 이 서버에 계정이 있는 멤버만 함께 옮겨집니다.',
    fileLabel: '워크스페이스 내보내기 파일',
    filePlaceholder: '.zip 파일 선택',
    submit: '가져오기',
    uploading: (percent: number) => `올리는 중... ${percent}%`,
    processing: '가져오는 중...',
    progressLabel: '가져올 파일을 올린 정도',
    imported: exportMessages.imported,
    members: (matched: number, missing: number) =>
      `멤버 ${matched}명을 찾았고 ${missing}명은 이 서버에 계정이 없어 제외되었습니다.`,
    notZip: exportMessages.importInvalid,
    tooLarge: exportMessages.importTooLarge,
    failed: '워크스페이스를 가져오지 못했습니다.',
  },
};
