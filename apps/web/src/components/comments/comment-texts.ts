import type { CommentPagerTexts } from './comment-pager';

/** What a comment thread says; each subject passes its own texts from ko.ts. */
export interface CommentTexts {
  heading: string;
  listLabel: string;
  empty: string;
  loadFailed: string;
  retry: string;
  inputLabel: string;
  placeholder: string;
  submit: string;
  createFailed: string;
  edit: string;
  editLabel: string;
  save: string;
  updateFailed: string;
  delete: string;
  deleteLabel: string;
  deleteTitle: string;
  deleteConfirm: string;
  deleteFailed: string;
  /** Shown as a notice after a delete, when given. */
  deleted?: string;
  /** Given: the compact pager (three page numbers) with these names; else the full one. */
  pager?: CommentPagerTexts;
}
