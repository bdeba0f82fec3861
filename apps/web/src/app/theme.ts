import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { ko } from '../i18n/ko';
import { readableColorVariables, readableMenuItemShades } from './contrast';

/** System fonts only (no web fonts: the CSP allows none from elsewhere), Korean faces first. */
const fontFamily = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Apple SD Gothic Neo"',
  '"Malgun Gothic"',
  '"맑은 고딕"',
  '"Noto Sans KR"',
  '"Segoe UI"',
  'Roboto',
  'sans-serif',
].join(', ');

export const theme = createTheme({
  primaryColor: 'indigo',
  // indigo.7 (#4263eb): white on it, and it on white or gray.0, pass WCAG AA (indigo.6 is 4.3:1).
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { fw: 600 } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // Icon-only close buttons get a name for screen readers.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': ko.common.close } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': ko.common.close } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': ko.common.close } } },
    Alert: { defaultProps: { closeButtonLabel: ko.common.close } },
    // A coloured Menu.Item (color="red") is drawn in shade 6 whatever the theme says (3.3:1 for
    // red); inside items, shade 6 of every colour is its readable filled shade instead. Opening a
    // menu focuses its first item, not an unnamed focusable placeholder a menu may not contain.
    Menu: {
      defaultProps: { withInitialFocusPlaceholder: false },
      styles: { item: readableMenuItemShades },
    },
  },
});

/**
 * WCAG AA contrast for the light scheme (axe-core runs on every e2e screen): `dimmed` text reads
 * at 4.5:1 on white, gray.0 and the blue.0 of unread items (Mantine's gray.6 is 3.3:1), so do
 * placeholders, error and success texts; every palette colour is readable as filled, outline and
 * light variants (see readableColorVariables).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {
    // The weekend days' one colour everywhere: the calendar grid, the date pickers, the day
    // list's heading (WEEKDAY_COLORS in lib/dates); shades 9 and 8 read at 4.5:1 on white and gray.0.
    '--teamup-color-sunday': 'var(--mantine-color-red-9)',
    '--teamup-color-saturday': 'var(--mantine-color-blue-8)',
  },
  light: {
    '--mantine-color-dimmed': '#646c74',
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-success': 'var(--mantine-color-teal-9)',
    ...readableColorVariables(resolved),
  },
  dark: {},
});
