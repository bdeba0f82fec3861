import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { searchKo } from '../../../i18n/ko/search';
import { useChatRooms } from '../../../lib/queries/chat-rooms';
import { useMyWorkspaces } from '../../../lib/queries/my-workspaces';
import { useWorkspaceMembers } from '../../../lib/queries/workspace-members';
import { useWorkspaceTeams } from '../../../lib/queries/workspace-teams';
import { activeFilterCount, type SearchFilterValues, NO_FILTERS } from '../lib/search-filters';
import { canReadAllTeamContent } from '@teamup/contracts/workspace-roles';

const t = searchKo.filters;

/**
 * The team, person and date filters under the search box, folded behind one button that says how
 * many are on. Only teams the caller may search are offered (theirs; the owner's: every team).
 */
export function SearchFilters({
  workspaceId,
  value,
  onChange,
}: {
  workspaceId: number;
  value: SearchFilterValues;
  onChange: (value: SearchFilterValues) => void;
}) {
  const [shown, setShown] = useState(false);
  const panelId = useId();
  const active = activeFilterCount(value);
  // Those who read every team's content search every team (the server's search.policy).
  const owner = canReadAllTeamContent(
    useMyWorkspaces().data?.find((workspace) => workspace.id === workspaceId)?.myRole,
  );
  const teams = (useWorkspaceTeams(shown ? workspaceId : undefined).data ?? []).filter(
    (team) => owner || team.isMember,
  );
  const people = useWorkspaceMembers(shown ? workspaceId : undefined).data ?? [];
  const rooms = useChatRooms(shown ? workspaceId : undefined).data?.content ?? [];
  const reversed = value.from !== '' && value.to !== '' && value.from > value.to;
  const set = (patch: Partial<SearchFilterValues>) => onChange({ ...value, ...patch });
  const idOf = (raw: string) => (raw === '' ? null : Number(raw));

  return (
    <>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Button
          size="compact-sm"
          variant={active > 0 ? 'light' : 'subtle'}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          onClick={() => setShown((open) => !open)}
          aria-expanded={shown}
          aria-controls={panelId}
          data-testid="search-filters-toggle"
        >
          {active > 0 ? t.toggleWithCount(active) : t.toggle}
        </Button>
        {active > 0 && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => onChange(NO_FILTERS)}
            data-testid="search-filters-clear"
          >
            {t.clear}
          </Button>
        )}
      </Group>
      {shown && (
        <SimpleGrid id={panelId} cols={2} spacing="xs" verticalSpacing="xs">
          <NativeSelect
            label={t.team}
            value={value.teamId === null ? '' : String(value.teamId)}
            // A team's content and a room's messages never meet: choosing one clears the other.
            onChange={(event) => set({ teamId: idOf(event.currentTarget.value), roomId: null })}
            data={[
              { value: '', label: t.anyTeam },
              ...teams.map((team) => ({ value: String(team.id), label: team.name })),
            ]}
            size="xs"
            data-testid="search-filter-team"
          />
          <NativeSelect
            label={t.room}
            value={value.roomId === null ? '' : String(value.roomId)}
            onChange={(event) => set({ roomId: idOf(event.currentTarget.value), teamId: null })}
            data={[
              { value: '', label: t.anyRoom },
              ...rooms.map((room) => ({ value: String(room.id), label: room.name })),
            ]}
            size="xs"
            data-testid="search-filter-room"
          />
          <NativeSelect
            label={t.person}
            value={value.personId === null ? '' : String(value.personId)}
            onChange={(event) => set({ personId: idOf(event.currentTarget.value) })}
            data={[
              { value: '', label: t.anyone },
              ...people.map((person) => ({ value: String(person.id), label: person.name })),
            ]}
            size="xs"
            data-testid="search-filter-person"
          />
          <TextInput
            type="date"
            label={t.from}
            value={value.from}
            max={value.to || undefined}
            onChange={(event) => set({ from: event.currentTarget.value })}
            size="xs"
            data-testid="search-filter-from"
          />
          <TextInput
            type="date"
            label={t.to}
            value={value.to}
            min={value.from || undefined}
            onChange={(event) => set({ to: event.currentTarget.value })}
            error={reversed ? t.reversed : undefined}
            size="xs"
            data-testid="search-filter-to"
          />
        </SimpleGrid>
      )}
    </>
  );
}
