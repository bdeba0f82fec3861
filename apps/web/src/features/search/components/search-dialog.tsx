import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type SearchKind, searchKinds } from '@teamup/contracts/search';
import { ErrorAlert } from '../../../components/error-alert';
import { searchKo } from '../../../i18n/ko/search';
import { useWorkspaceSearch } from '../api/search';
import { useQuickSwitch } from '../hooks/use-quick-switch';
import { type PanelOption, resultGroups } from '../lib/quick-switch';
import { NO_FILTERS, type SearchFilterValues } from '../lib/search-filters';
import { Highlighted } from './highlighted';
import { SearchFilters } from './search-filters';

const t = searchKo;

interface SearchDialogProps {
  /** The workspace searched; without one the dialog says to choose one first. */
  workspaceId: number | undefined;
  opened: boolean;
  onClose: () => void;
}

/** The search dialog (full screen on a narrow screen), loaded when the box first opens. */
export function SearchDialog({ workspaceId, opened, onClose }: SearchDialogProps) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.title}
      size="lg"
      fullScreen={narrow ?? false}
      padding={narrow ? 'sm' : 'md'}
    >
      {opened && <SearchPanel workspaceId={workspaceId} onDone={onClose} />}
    </Modal>
  );
}

function SearchPanel({
  workspaceId,
  onDone,
}: {
  workspaceId: number | undefined;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [kind, setKind] = useState<SearchKind | null>(null);
  const [filters, setFilters] = useState<SearchFilterValues>(NO_FILTERS);
  const [active, setActive] = useState(0);
  const [debounced] = useDebouncedValue(text, 200);
  const query = useWorkspaceSearch(workspaceId, debounced, kind, filters);
  const typed = debounced.trim().length > 0;
  const switcher = useQuickSwitch(typed ? undefined : workspaceId);
  const pages = query.data?.pages;
  const first = pages?.[0];
  const items = useMemo(() => (pages ?? []).flatMap((page) => page.items), [pages]);
  const groups = useMemo(() => {
    if (!typed) return switcher;
    if (workspaceId === undefined) return [];
    return resultGroups(workspaceId, items, first?.counts ?? {}, first?.cappedKinds);
  }, [typed, switcher, workspaceId, items, first]);
  // The order the keyboard walks: the groups as shown.
  const ordered = useMemo(() => groups.flatMap((group) => group.options), [groups]);
  const positions = useMemo(
    () => new Map(ordered.map((option, position) => [option.key, position])),
    [ordered],
  );
  const current = Math.min(active, Math.max(ordered.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;
  const listed = ordered.length > 0;

  function open(option: PanelOption) {
    onDone();
    void navigate(option.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!listed) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((current + 1) % ordered.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current - 1 + ordered.length) % ordered.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = ordered[current];
      if (option) open(option);
    }
  }

  const total = first ? Object.values(first.counts).reduce((sum, count) => sum + count, 0) : 0;
  // A kind with more matches than counted makes the sum a lower bound too.
  const capped = new Set(first?.cappedKinds ?? []);

  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        label={t.inputLabel}
        placeholder={t.placeholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={100}
        role="combobox"
        aria-expanded={listed}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={listed ? optionId(current) : undefined}
        disabled={workspaceId === undefined}
      />
      {workspaceId !== undefined && (
        <SearchFilters
          workspaceId={workspaceId}
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setActive(0);
          }}
        />
      )}
      {workspaceId === undefined && <Text c="dimmed">{t.noWorkspace}</Text>}
      {workspaceId !== undefined && !typed && (
        <Text size="sm" c="dimmed">
          {listed ? t.switcher.hint : t.prompt}
        </Text>
      )}
      {workspaceId !== undefined && !typed && (
        <Text size="xs" c="dimmed" data-testid="search-syntax">
          {t.syntax}
        </Text>
      )}
      {typed && first && (
        <Group gap={4} wrap="wrap" role="group" aria-label={t.results}>
          <KindButton
            label={t.all}
            count={total}
            capped={capped.size > 0}
            pressed={kind === null}
            onClick={() => setKind(null)}
          />
          {searchKinds
            .filter((each) => first.counts[each] > 0 || kind === each)
            .map((each) => (
              <KindButton
                key={each}
                label={t.kinds[each]}
                count={first.counts[each]}
                capped={capped.has(each)}
                pressed={kind === each}
                onClick={() => {
                  setKind(each);
                  setActive(0);
                }}
              />
            ))}
        </Group>
      )}
      {typed && first?.partial && (
        <Text size="sm" c="dimmed" data-testid="search-partial">
          {t.partial}
        </Text>
      )}
      {typed && query.isPending && (
        <Group justify="center" py="md">
          <Loader size="sm" role="status" aria-label={t.loading} />
        </Group>
      )}
      {typed && query.isError && <ErrorAlert message={t.failed} />}
      {typed && query.isSuccess && items.length === 0 && (
        <Text c="dimmed" py="md" ta="center">
          {t.empty(debounced.trim())}
        </Text>
      )}
      {listed && (
        <ScrollArea.Autosize mah={{ base: 'calc(100dvh - 260px)', sm: 480 }} type="auto">
          <Stack
            gap="sm"
            id={listId}
            role="listbox"
            aria-label={typed ? t.results : t.switcher.label}
          >
            {groups.map((group) => (
              <Stack key={group.key} gap={2} role="group" aria-label={group.name}>
                <Text size="xs" fw={700} c="dimmed" aria-hidden>
                  {group.label}
                </Text>
                {group.options.map((option) => {
                  const mine = positions.get(option.key) ?? 0;
                  return (
                    <OptionRow
                      key={option.key}
                      id={optionId(mine)}
                      option={option}
                      selected={mine === current}
                      onPoint={() => setActive(mine)}
                      onOpen={() => open(option)}
                    />
                  );
                })}
              </Stack>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {typed && query.hasNextPage && (
        <Button
          variant="subtle"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
        >
          {t.more}
        </Button>
      )}
    </Stack>
  );
}

/** One result or place: its title, where it lives, and the matched words in a snippet. */
function OptionRow({
  id,
  option,
  selected,
  onPoint,
  onOpen,
}: {
  id: string;
  option: PanelOption;
  selected: boolean;
  onPoint: () => void;
  onOpen: () => void;
}) {
  return (
    <UnstyledButton
      id={id}
      role="option"
      aria-selected={selected}
      data-testid="search-result"
      onMouseEnter={onPoint}
      onClick={onOpen}
      tabIndex={-1}
      p="xs"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: selected ? 'var(--mantine-color-default-hover)' : undefined,
      }}
    >
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="sm" fw={600} lineClamp={1}>
          <Highlighted text={option.title} ranges={option.titleHighlights} />
        </Text>
        {option.context && (
          <Badge size="xs" variant="light" style={{ flexShrink: 0, maxWidth: '45%' }}>
            {option.context}
          </Badge>
        )}
      </Group>
      {option.snippet && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          <Highlighted text={option.snippet} ranges={option.highlights} />
        </Text>
      )}
    </UnstyledButton>
  );
}

function KindButton({
  label,
  count,
  capped,
  pressed,
  onClick,
}: {
  label: string;
  count: number;
  /** More matches than `count` (the server's cap): shown as "1,000+". */
  capped: boolean;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="compact-xs"
      radius="xl"
      variant={pressed ? 'filled' : 'light'}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {t.countOf(label, count, capped)}
    </Button>
  );
}
