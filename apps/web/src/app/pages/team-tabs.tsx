import { useEffect } from 'react';
import { Paper, Stack, Tabs, Text, ThemeIcon, useMatches } from '@mantine/core';
import {
  IconCalendar,
  IconClipboardList,
  IconChartBar,
  IconClockHour4,
  IconLayoutKanban,
  IconSpeakerphone,
  type Icon,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import type { Team } from '@teamup/contracts/teams';
import { AnnouncementsTab } from '../../features/board/components/announcements-tab';
import { BulletinTab } from '../../features/board/components/bulletin-tab';
import { bulletinBoardIdOf } from '../../features/board/lib/bulletin-board';
import { POST_PARAM } from '../../features/board/lib/post-param';
import { CalendarTab } from '../../features/schedules/components/calendar-tab';
import { KanbanTab } from '../../features/kanban/components/kanban-tab';
import { TeamFreeTime } from './team-free-time';
import { ContributionTab } from '../../features/contribution/components/contribution-tab';
import { teamsKo } from '../../i18n/ko/teams';
import { canPostAnnouncements } from '../../features/teams/lib/team-access';
import { useTeamReadOnly } from '../../lib/team-read-only';
import { parseTeamTab, TEAM_TABS, type TeamTab } from '../../features/teams/lib/team-tabs';

const icons: Record<TeamTab, Icon> = {
  announcements: IconSpeakerphone,
  bulletin: IconClipboardList,
  kanban: IconLayoutKanban,
  calendar: IconCalendar,
  freetime: IconClockHour4,
  contribution: IconChartBar,
};

/** Stands in for a tab whose feature arrives in a later issue; shows no made-up content. */
function ComingSoonPanel({ tab }: { tab: TeamTab }) {
  const TabIcon = icons[tab];
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={`team-panel-${tab}`}>
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
          <TabIcon size={28} />
        </ThemeIcon>
        <Text fw={600}>{teamsKo.tabSoon[tab]}</Text>
        <Text size="sm" c="dimmed">
          {teamsKo.tabSoonHint}
        </Text>
      </Stack>
    </Paper>
  );
}

interface TeamTabsProps {
  team: Team;
  /** The signed-in user, for the author-only actions of the board. */
  userId: number | undefined;
}

/**
 * The team tabs (spec 02 section 2, and the common free time of issue 44). The `tab` query chooses one (announcements when
 * missing or unknown) and the chosen tab is written back into the address, replacing history.
 */
export function TeamTabs({ team, userId }: TeamTabsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('tab');
  const readOnly = useTeamReadOnly();
  const parsed = parseTeamTab(raw);
  const tab = readOnly && parsed === 'freetime' ? 'announcements' : parsed;
  // The labels fit a 360 px screen only without their icons (the list scrolls sideways there).
  const showIcons = useMatches({ base: false, sm: true });
  // The common free time is the members' own (the server keeps it to them).
  const tabs = readOnly ? TEAM_TABS.filter((value) => value !== 'freetime') : TEAM_TABS;

  useEffect(() => {
    if (raw === tab) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
  }, [raw, tab, setSearchParams]);

  const handleChange = (value: string | null) => {
    const next = parseTeamTab(value);
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('tab', next);
        // An open post belongs to the bulletin tab only.
        if (next !== 'bulletin') params.delete(POST_PARAM);
        return params;
      },
      { replace: true },
    );
  };

  return (
    <Tabs value={tab} onChange={handleChange} keepMounted={false}>
      <Tabs.List aria-label={teamsKo.tabsLabel} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
        {tabs.map((value) => {
          const TabIcon = icons[value];
          return (
            <Tabs.Tab
              key={value}
              value={value}
              leftSection={showIcons ? <TabIcon size={16} aria-hidden /> : undefined}
              data-testid={`team-tab-${value}`}
              px={{ base: 10, sm: 'md' }}
              style={{ flex: 'none' }}
            >
              {teamsKo.tabs[value]}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {tabs.map((value) => (
        <Tabs.Panel key={value} value={value} pt="md">
          {value === 'announcements' ? (
            <AnnouncementsTab
              workspaceId={team.workspaceId}
              teamId={team.id}
              userId={userId}
              mayPost={!readOnly && canPostAnnouncements(team, userId)}
            />
          ) : value === 'bulletin' ? (
            <BulletinTab teamId={team.id} boardId={bulletinBoardIdOf(team)} userId={userId} />
          ) : value === 'calendar' ? (
            <CalendarTab teamId={team.id} leaderId={team.leader?.id} userId={userId} />
          ) : value === 'freetime' ? (
            <TeamFreeTime teamId={team.id} />
          ) : value === 'contribution' ? (
            <ContributionTab workspaceId={team.workspaceId} teamId={team.id} />
          ) : value === 'kanban' ? (
            <KanbanTab teamId={team.id} leaderId={team.leader?.id} userId={userId} />
          ) : (
            <ComingSoonPanel tab={value} />
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
