import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconCalendarPlus,
  IconChevronLeft,
  IconChevronRight,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import {
  FreeTimeMessages,
  shiftWeek,
  weekStartOf,
  type FreeTimeWeek,
} from '@teamup/contracts/free-time';
import { ko } from '../../../i18n/ko';
import { freeTimeKo } from '../../../i18n/ko/free-time';
import { errorMessage } from '../../../lib/error-message';
import { useFreeTimeWeek } from '../api/free-time-week';
import { useSaveMyFreeTime } from '../api/save-my-free-time';
import {
  dayOf,
  heatLevel,
  paint,
  rangeInDay,
  rangeTimes,
  rectangle,
  rowTime,
  rowOf,
  rangeInstants,
  slotsOf,
  type SlotRange,
} from '../lib/slot-grid';
import { SlotGrid, slotGridClasses } from './slot-grid';

interface FreeTimeTabProps {
  teamId: number;
  /**
   * "이 시간으로 일정 만들기" on a chosen range (ISO instants): the page opens the calendar's own
   * schedule form with them (a feature does not reach into another).
   */
  onCreateSchedule: (range: { startDate: string; endDate: string }) => void;
}

/** '화 10:00' of a slot, for labels. */
function slotName(weekStart: string, slot: number): string {
  const day = dayjs(`${weekStart}T00:00:00`).add(dayOf(slot), 'day');
  return `${day.format(freeTimeKo.rangeDayFormat)} ${rowTime(rowOf(slot))}`;
}

/** The team's schedules that fill a slot, by slot. */
function busyTitles(week: FreeTimeWeek | undefined): Map<number, string[]> {
  const bySlot = new Map<number, string[]>();
  for (const busy of week?.busy ?? []) {
    for (const slot of busy.slots) bySlot.set(slot, [...(bySlot.get(slot) ?? []), busy.title]);
  }
  return bySlot;
}

/**
 * The team's common free time (issue 44, when2meet-like): my week grid to paint the half hours
 * I am free, the team's heat map beside it (below on a phone) with the team's own schedules
 * striped, and a chosen range of the heat map turned into a schedule with the calendar's form.
 */
export function FreeTimeTab({ teamId, onCreateSchedule }: FreeTimeTabProps) {
  const [thisWeek] = useState(() => weekStartOf(Date.now()));
  const [weekStart, setWeekStart] = useState(thisWeek);
  const week = useFreeTimeWeek(teamId, weekStart);
  const save = useSaveMyFreeTime();

  // What my grid shows while a stroke paints or its save is on the way; null: the server's.
  const [draft, setDraft] = useState<Set<number> | null>(null);
  const painting = useRef<{
    anchor: number;
    adding: boolean;
    base: Set<number>;
    painted: Set<number>;
  } | null>(null);
  const latestSave = useRef(0);
  const [myFocus, setMyFocus] = useState(0);

  const [chosen, setChosen] = useState<SlotRange | null>(null);
  const choosing = useRef<number | null>(null);
  const [heatFocus, setHeatFocus] = useState(0);

  const data = week.data;
  // Last week's answer stays on screen while this one loads; it is not painted over meanwhile.
  const ready = data !== undefined && !week.isPlaceholderData;
  const serverMine = useMemo(() => new Set(data?.mySlots ?? []), [data]);
  const mine = draft ?? serverMine;
  const busyBySlot = useMemo(() => busyTitles(data), [data]);
  const memberCount = data?.members.length ?? 0;
  const names = useMemo(
    () => new Map((data?.members ?? []).map((member) => [member.userId, member.name])),
    [data],
  );

  const showWeek = (next: string) => {
    setWeekStart(next);
    setDraft(null);
    setChosen(null);
  };

  const commit = (next: Set<number>) => {
    setDraft(next);
    latestSave.current += 1;
    const saveNumber = latestSave.current;
    save.mutate(
      { teamId, weekStart, slots: [...next].sort((a, b) => a - b) },
      {
        onSettled: () => {
          if (saveNumber === latestSave.current) setDraft(null);
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: errorMessage(error, { fallback: FreeTimeMessages.saveFailed }),
          }),
      },
    );
  };

  // --- my grid: a stroke from a free slot clears, from an empty one sets (when2meet) -----------
  const startPaint = (slot: number) => {
    if (!ready) return;
    const base = new Set(mine);
    const adding = !base.has(slot);
    const painted = paint(base, [slot], adding);
    painting.current = { anchor: slot, adding, base, painted };
    setDraft(painted);
  };
  const movePaint = (slot: number) => {
    const stroke = painting.current;
    if (!stroke) return;
    stroke.painted = paint(stroke.base, rectangle(stroke.anchor, slot), stroke.adding);
    setDraft(stroke.painted);
  };
  const endPaint = () => {
    const stroke = painting.current;
    if (!stroke) return;
    painting.current = null;
    commit(stroke.painted);
  };
  const myKey = (slot: number, event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== ' ' && event.key !== 'Enter') return false;
    if (ready) commit(paint(mine, [slot], !mine.has(slot)));
    return true;
  };

  // --- the heat map: a press chooses a slot, a drag or Shift+arrows a range in its day ---------
  const startChoose = (slot: number) => {
    choosing.current = slot;
    setChosen({ first: slot, last: slot });
  };
  const moveChoose = (slot: number) => {
    if (choosing.current !== null) setChosen(rangeInDay(choosing.current, slot));
  };
  const endChoose = () => {
    choosing.current = null;
  };
  const heatMoved = (slot: number, shift: boolean) => {
    if (shift && chosen) {
      const anchor = chosen.first === heatFocus ? chosen.last : chosen.first;
      setChosen(rangeInDay(anchor, slot));
    } else {
      setChosen({ first: slot, last: slot });
    }
  };
  const heatKey = (slot: number, event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== ' ' && event.key !== 'Enter') return false;
    setChosen({ first: slot, last: slot });
    return true;
  };

  const renderGrids = () => {
    if (week.isError && !data) {
      return (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          data-testid="free-time-error"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{FreeTimeMessages.loadFailed}</Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => void week.refetch()}
              loading={week.isFetching}
            >
              {freeTimeKo.retry}
            </Button>
          </Stack>
        </Alert>
      );
    }
    if (!data) {
      return (
        <Group justify="center" py="xl" role="status" data-testid="free-time-loading">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {ko.common.loading}
          </Text>
        </Group>
      );
    }
    const weekLabel = dayjs(`${weekStart}T00:00:00`).format(freeTimeKo.rangeDayFormat);
    const respondedCount = data.members.filter((member) => member.responded).length;
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Title order={3} size="h5">
              {freeTimeKo.myGrid}
            </Title>
            <Text size="xs" c="dimmed" aria-live="polite" data-testid="free-time-save-state">
              {save.isPending
                ? freeTimeKo.saving
                : draft === null && save.isSuccess
                  ? freeTimeKo.saved
                  : ''}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {freeTimeKo.hint} {freeTimeKo.keyboardHint}
          </Text>
          <SlotGrid
            weekStart={weekStart}
            label={freeTimeKo.myGridLabel(weekLabel)}
            testId="free-time-mine"
            busy={!ready}
            focusSlot={myFocus}
            onFocusSlot={setMyFocus}
            look={(slot) => {
              const busy = busyBySlot.get(slot);
              return {
                className: slotGridClasses.mine ?? '',
                selected: mine.has(slot),
                label: freeTimeKo.mineLabel(slotName(weekStart, slot), mine.has(slot)),
                busy: busy !== undefined,
                title: busy?.join(', '),
              };
            }}
            onStrokeStart={startPaint}
            onStrokeMove={movePaint}
            onStrokeEnd={endPaint}
            onKey={myKey}
          />
        </Stack>
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Title order={3} size="h5">
              {freeTimeKo.heatMap}
            </Title>
            <Text size="xs" c="dimmed" data-testid="free-time-responded">
              {freeTimeKo.responded(respondedCount, memberCount)}
            </Text>
          </Group>
          <HeatLegend />
          <SlotGrid
            weekStart={weekStart}
            label={freeTimeKo.heatMapLabel(weekLabel)}
            testId="free-time-heat"
            busy={!ready}
            focusSlot={heatFocus}
            onFocusSlot={setHeatFocus}
            look={(slot) => {
              const count = data.counts[slot] ?? 0;
              const busy = busyBySlot.get(slot);
              const label = freeTimeKo.heatLabel(
                slotName(weekStart, slot),
                count,
                memberCount,
                busy?.join(', ') ?? null,
              );
              return {
                className: slotGridClasses.heat ?? '',
                selected: chosen !== null && slot >= chosen.first && slot <= chosen.last,
                level: heatLevel(count, memberCount),
                busy: busy !== undefined,
                label,
                title: label,
              };
            }}
            onStrokeStart={startChoose}
            onStrokeMove={moveChoose}
            onStrokeEnd={endChoose}
            onMoved={heatMoved}
            onKey={heatKey}
          />
          <Text size="xs" c="dimmed">
            {freeTimeKo.heatKeyboardHint}
          </Text>
          <ChosenRange
            week={data}
            range={chosen}
            names={names}
            onCreate={(range) => onCreateSchedule(rangeInstants(weekStart, range))}
          />
        </Stack>
      </SimpleGrid>
    );
  };

  const first = dayjs(`${weekStart}T00:00:00`);
  return (
    <Stack gap="sm" data-testid="team-panel-freetime">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap={4} wrap="nowrap">
          <Button
            variant="subtle"
            size="compact-md"
            onClick={() => showWeek(shiftWeek(weekStart, -1))}
            aria-label={freeTimeKo.previousWeek}
            data-testid="free-time-previous"
          >
            <IconChevronLeft size={18} aria-hidden />
          </Button>
          <Title order={2} size="h4" data-testid="free-time-title">
            {freeTimeKo.weekTitle(
              first.format(freeTimeKo.rangeDayFormat),
              first.add(6, 'day').format(freeTimeKo.rangeDayFormat),
            )}
          </Title>
          <Button
            variant="subtle"
            size="compact-md"
            onClick={() => showWeek(shiftWeek(weekStart, 1))}
            aria-label={freeTimeKo.nextWeek}
            data-testid="free-time-next"
          >
            <IconChevronRight size={18} aria-hidden />
          </Button>
        </Group>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {freeTimeKo.timeZoneNote}
          </Text>
          <Button
            variant="default"
            size="xs"
            onClick={() => showWeek(thisWeek)}
            disabled={weekStart === thisWeek}
          >
            {freeTimeKo.thisWeek}
          </Button>
        </Group>
      </Group>
      {renderGrids()}
    </Stack>
  );
}

function HeatLegend() {
  return (
    <Group gap={6} wrap="wrap" aria-hidden>
      <Text size="xs" c="dimmed">
        {freeTimeKo.legendFew}
      </Text>
      {[1, 2, 3, 4, 5].map((level) => (
        <span
          key={level}
          className={`${slotGridClasses.swatch} ${slotGridClasses.heat}`}
          data-level={level}
        />
      ))}
      <Text size="xs" c="dimmed">
        {freeTimeKo.legendMany}
      </Text>
      <span className={`${slotGridClasses.swatch} ${slotGridClasses.cell}`} data-busy="true" />
      <Text size="xs" c="dimmed">
        {freeTimeKo.legendBusy}
      </Text>
    </Group>
  );
}

interface ChosenRangeProps {
  week: FreeTimeWeek;
  range: SlotRange | null;
  names: Map<number, string>;
  onCreate: (range: SlotRange) => void;
}

/** Who is free for the whole chosen range, who is not, the team's schedules in it, and create. */
function ChosenRange({ week, range, names, onCreate }: ChosenRangeProps) {
  if (!range) {
    return (
      <Text size="sm" c="dimmed" data-testid="free-time-choose-hint">
        {week.members.some((member) => member.responded)
          ? freeTimeKo.chooseSlot
          : freeTimeKo.noMembersYet}
      </Text>
    );
  }
  const slots = slotsOf(range);
  const freeAll = week.members
    .map((member) => member.userId)
    .filter((userId) => slots.every((slot) => week.freeUserIds[slot]?.includes(userId)));
  const notFree = week.members.filter((member) => !freeAll.includes(member.userId));
  const events = week.busy.filter((busy) => busy.slots.some((slot) => slots.includes(slot)));
  const list = (ids: number[]) =>
    ids.length ? ids.map((id) => names.get(id) ?? '').join(', ') : freeTimeKo.nobody;
  const day = dayjs(`${week.weekStart}T00:00:00`).add(dayOf(range.first), 'day');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="free-time-chosen">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} size="sm">
            {day.format(freeTimeKo.rangeDayFormat)} {rangeTimes(range)}
          </Text>
          <Badge variant="light" color="teal">
            {freeTimeKo.freeCount(freeAll.length, week.members.length)}
          </Badge>
        </Group>
        <Text size="sm">
          <Text span fw={600}>
            {freeTimeKo.freePeople}
          </Text>{' '}
          <span data-testid="free-time-free-names">{list(freeAll)}</span>
        </Text>
        <Text size="sm" c="dimmed">
          <Text span fw={600}>
            {freeTimeKo.busyPeople}
          </Text>{' '}
          {list(notFree.map((member) => member.userId))}
        </Text>
        {events.length > 0 && (
          <Text size="sm" c="dimmed">
            <Text span fw={600}>
              {freeTimeKo.busyEvents}
            </Text>{' '}
            {events.map((busy) => busy.title).join(', ')}
          </Text>
        )}
        <Group>
          <Button
            size="xs"
            leftSection={<IconCalendarPlus size={16} aria-hidden />}
            onClick={() => onCreate(range)}
            data-testid="free-time-create"
          >
            {freeTimeKo.createFromSlots}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
