import { lazy, Suspense } from 'react';
import { Group, Kbd, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { searchKo } from '../../../i18n/ko/search';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useSearchLiveSync } from '../hooks/use-search-live-sync';

const t = searchKo;

// The dialog (Modal, results, highlighting) loads when the box is first opened: the top bar is on
// every page's first screen.
const SearchDialog = lazy(() =>
  import('./search-dialog').then((m) => ({ default: m.SearchDialog })),
);

interface SearchBoxProps {
  /** The workspace searched; without one the box says to choose one first. */
  workspaceId: number | undefined;
}

/**
 * The top bar's search (issue 20): a button and Ctrl/Cmd+K open a dialog searching the current
 * workspace; results grouped by kind with counts and highlighted snippets; arrow keys move
 * through them and Enter opens one.
 */
export function SearchBox({ workspaceId }: SearchBoxProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const dialogLoaded = useOpenedOnce(opened);
  // Ctrl/Cmd+K works from every field, the chat composer (focused by default in a room) included:
  // no tag is ignored and contenteditable fields trigger it too (issue 41).
  useHotkeys([['mod+K', open]], [], true);
  useSearchLiveSync();
  return (
    <>
      <UnstyledButton
        onClick={open}
        // Names it on a phone too, where it is an icon; contains all it shows (WCAG 2.5.3).
        aria-label={t.openLabel}
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="search-open"
        px={{ base: 6, sm: 'sm' }}
        py={6}
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
        }}
      >
        <Group gap={6} wrap="nowrap">
          <IconSearch size={18} aria-hidden />
          <Text size="sm" c="dimmed" visibleFrom="sm">
            {t.open}
          </Text>
          {/* Keeps '검색' and 'Ctrl' two words in the text (a flex gap, not drawn): run together,
              '검색Ctrl' is not a word of the name (WCAG 2.5.3 as axe-core checks it). */}{' '}
          <Kbd size="xs" visibleFrom="md">
            {t.shortcut}
          </Kbd>
        </Group>
      </UnstyledButton>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <SearchDialog workspaceId={workspaceId} opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
