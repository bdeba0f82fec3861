import { useEffect } from 'react';
import { Paper, Stack, Tabs, Text, ThemeIcon, useMatches } from '@mantine/core';
import {
  IconCalendar,
  IconClipboardList,
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
import { ko } from '../../i18n/ko';
import { canPostAnnouncements } from '../../features/teams/lib/team-access';
import { parseTeamTab, TEAM_TABS, type TeamTab } from '../../features/teams/lib/team-tabs';

const icons: Record<TeamTab, Icon> = {
  announcements: IconSpeakerphone,
  bulletin: IconClipboardList,
  kanban: IconLayoutKanban,
  calendar: IconCalendar,
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
        <Text fw={600}>{ko.teams.tabSoon[tab]}</Text>
        <Text size="sm" c="dimmed">
          {ko.teams.tabSoonHint}
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
 * The four team tabs (spec 02 section 2). The `tab` query chooses one (announcements when
 * missing or unknown) and the chosen tab is written back into the address, replacing history.
 */
export function TeamTabs({ team, userId }: TeamTabsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('tab');
  const tab = parseTeamTab(raw);
  // Four labels fit a 360 px screen only without their icons.
  const showIcons = useMatches({ base: false, sm: true });

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
      <Tabs.List aria-label={ko.teams.tabsLabel} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
        {TEAM_TABS.map((value) => {
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
              {ko.teams.tabs[value]}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {TEAM_TABS.map((value) => (
        <Tabs.Panel key={value} value={value} pt="md">
          {value === 'announcements' ? (
            <AnnouncementsTab
              workspaceId={team.workspaceId}
              teamId={team.id}
              userId={userId}
              mayPost={canPostAnnouncements(team, userId)}
            />
          ) : value === 'bulletin' ? (
            <BulletinTab teamId={team.id} boardId={bulletinBoardIdOf(team)} userId={userId} />
          ) : value === 'calendar' ? (
            <CalendarTab teamId={team.id} leaderId={team.leader?.id} userId={userId} />
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
