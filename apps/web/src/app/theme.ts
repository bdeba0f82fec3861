import { createTheme } from '@mantine/core';

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
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { fw: 600 } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});
