import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { routes } from '../../../config/paths';
import { rememberPlace } from '../lib/recent-places';

const positive = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** Remembers each chat room and team page opened, for the quick switcher (lib/recent-places). */
export function useRememberPlaces(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const room = matchPath(routes.chat.path, pathname);
    const team = matchPath(routes.team.path, pathname);
    const match = room ?? team;
    const workspaceId = positive(match?.params.workspaceId);
    const id = positive(room ? room.params.chatId : team?.params.teamId);
    if (workspaceId === null || id === null) return;
    rememberPlace(workspaceId, { kind: room ? 'room' : 'team', id });
  }, [pathname]);
}
