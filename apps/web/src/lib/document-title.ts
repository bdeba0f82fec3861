import { useEffect } from 'react';
import { ko } from '../i18n/ko';

/** A part of a title: empty, null and undefined parts (data still loading) are left out. */
export type TitlePart = string | null | undefined | false;

/**
 * The browser tab's title: the named things from the most to the least specific, joined by
 * " · ", after the unread count in brackets when there is one, e.g.
 * "(3) 발표 준비 단톡방 · 캡스톤 디자인 2조". With nothing named, the app's name.
 */
export function formatDocumentTitle(parts: readonly TitlePart[], unread = 0): string {
  const named = parts
    .filter((part): part is string => typeof part === 'string')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const body = named.length > 0 ? named.join(' · ') : ko.brand;
  const count = Number.isFinite(unread) && unread > 0 ? Math.floor(unread) : 0;
  if (count === 0) return body;
  return `(${count > 99 ? '99+' : count}) ${body}`;
}

/*
 * One rule for the tab's number on every page (issue 41): it is the bell's number, the signed-in
 * person's unread notifications (chat messages fold into them per room, mentions, work, joins),
 * never a page's own count. Pages name themselves (`useDocumentTitle`); the bell alone gives the
 * number (`useDocumentTitleCount`); signed out, nothing does, and there is none.
 */
let shownParts: readonly TitlePart[] = [];
let shownCount = 0;
const show = () => {
  document.title = formatDocumentTitle(shownParts, shownCount);
};

/**
 * Names the tab after the page on screen while it is mounted, and gives it back the app's name
 * when it goes. Pages pass what they show: the room, team or workspace.
 */
export function useDocumentTitle(parts: readonly TitlePart[]): void {
  const key = JSON.stringify(parts);
  useEffect(() => {
    shownParts = JSON.parse(key) as TitlePart[];
    show();
  }, [key]);
  useEffect(
    () => () => {
      shownParts = [];
      show();
    },
    [],
  );
}

/** The bell's unread count, shown before the title while the bell is mounted. */
export function useDocumentTitleCount(unread: number): void {
  useEffect(() => {
    shownCount = unread;
    show();
  }, [unread]);
  useEffect(
    () => () => {
      shownCount = 0;
      show();
    },
    [],
  );
}
