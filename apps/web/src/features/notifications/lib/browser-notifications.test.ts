// @vitest-environment jsdom
// jsdom: the wish is kept in localStorage and the tab's visibility read from the document.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  askBrowserPermission,
  setBrowserNotificationsWanted,
  showBrowserNotification,
} from './browser-notifications';

class FakeNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  static shown: string[] = [];
  onclick: (() => void) | null = null;
  constructor(_title: string, options: { body: string }) {
    FakeNotification.shown.push(options.body);
  }
  close() {}
}

let visibility: DocumentVisibilityState = 'hidden';
beforeEach(() => {
  vi.stubGlobal('Notification', FakeNotification);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  FakeNotification.shown = [];
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('browser notifications', () => {
  it('asks for permission on the toggle and answers whether it was given', async () => {
    FakeNotification.permission = 'granted';
    expect(await askBrowserPermission()).toBe(true);
    FakeNotification.permission = 'denied';
    expect(await askBrowserPermission()).toBe(false);
  });

  it('shows only when wanted, allowed and the tab is hidden', () => {
    FakeNotification.permission = 'granted';
    showBrowserNotification('꺼져 있음', () => undefined);
    setBrowserNotificationsWanted(true);
    visibility = 'visible';
    showBrowserNotification('보고 있음', () => undefined);
    visibility = 'hidden';
    showBrowserNotification('새 알림', () => undefined);
    expect(FakeNotification.shown).toEqual(['새 알림']);
  });
});
