import { vi } from 'vitest';
import type {
  Announcement,
  AnnouncementPage,
  Attachment,
  Comment,
  PostSummary,
} from '@teamup/contracts/board';
import type { Page } from '@teamup/contracts/common';
import { testUser } from '../../../test/stub-api';

/** The signed-in user of the board tests, and another member. */
export const ME = testUser.id;
export const OTHER = 9;

const at = '2026-03-01T05:00:00.000Z';

export function announcement(id: number, overrides: Partial<Announcement> = {}): Announcement {
  return {
    id,
    title: `공지 ${id}`,
    content: `공지 내용 ${id}`,
    teamId: 7,
    accountId: OTHER,
    authorName: '팀장님',
    authorProfileImageUrl: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function announcementPage(
  announcements: Announcement[],
  page: number,
  total: number,
): AnnouncementPage {
  const totalPages = Math.max(1, Math.ceil(total / 5));
  return {
    announcements,
    currentPage: page,
    totalPages,
    totalElements: total,
    size: 5,
    pageSize: 5,
    hasNext: page < totalPages - 1,
    hasPrevious: page > 0,
  };
}

export function postSummary(id: number, overrides: Partial<PostSummary> = {}): PostSummary {
  return {
    id,
    boardId: 7,
    teamId: 7,
    title: `게시글 ${id}`,
    excerpt: `요약 ${id}`,
    authorId: OTHER,
    authorName: '팀장님',
    createdAt: at,
    updatedAt: at,
    attachmentCount: 0,
    commentCount: 0,
    ...overrides,
  };
}

export function attachment(id: number, overrides: Partial<Attachment> = {}): Attachment {
  return {
    id,
    postId: 11,
    originalFileName: `file-${id}.txt`,
    fileName: `stored-${id}`,
    size: 2048,
    contentType: 'text/plain',
    isImage: false,
    downloadUrl: `/api/files/${id}/download`,
    previewUrl: null,
    createdAt: at,
    ...overrides,
  };
}

export function comment(id: number, overrides: Partial<Comment> = {}): Comment {
  return {
    id,
    postId: 11,
    authorId: OTHER,
    authorName: '팀장님',
    authorProfileImageUrl: null,
    content: `댓글 ${id}`,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** The spec's generic page of `content`, `size` per page. */
export function page<T>(content: T[], pageNumber: number, total: number, size: number): Page<T> {
  const totalPages = Math.max(1, Math.ceil(total / size));
  return {
    content,
    totalPages,
    totalElements: total,
    size,
    pageable: { pageNumber, pageSize: size },
    first: pageNumber === 0,
    last: pageNumber >= totalPages - 1,
  };
}

/** What jsdom lacks for these screens: FontFaceSet (autosizing textareas) and object URLs. */
export function installBoardShims() {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
  let next = 0;
  const created: string[] = [];
  const revoked: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn(() => {
      const url = `blob:test/${++next}`;
      created.push(url);
      return url;
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn((url: string) => revoked.push(url)),
  });
  return { created, revoked };
}
