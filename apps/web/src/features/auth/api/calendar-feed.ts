import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  calendarFeedEndpoints,
  type CalendarFeedIssued,
  type CalendarFeedStatus,
} from '@teamup/contracts/calendar-feed';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';

export const calendarFeedQueryKey = ['auth', 'calendar-feed'] as const;

/** GET /users/me/calendar-feed: whether my calendar feed URL exists. */
export function useCalendarFeedStatus() {
  return useQuery({
    queryKey: calendarFeedQueryKey,
    queryFn: ({ signal }) =>
      api.get<CalendarFeedStatus>(pathOf(calendarFeedEndpoints.status), { signal }),
  });
}

/** POST /users/me/calendar-feed: a new URL (the old one stops working); shown this once. */
export function useIssueCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedIssued>(pathOf(calendarFeedEndpoints.issue)),
    onSuccess: (issued) =>
      queryClient.setQueryData<CalendarFeedStatus>(calendarFeedQueryKey, {
        active: true,
        createdAt: issued.createdAt,
      }),
  });
}

/** DELETE /users/me/calendar-feed: the URL answers 404 from now on. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(pathOf(calendarFeedEndpoints.revoke)),
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeedStatus>(calendarFeedQueryKey, {
        active: false,
        createdAt: null,
      }),
  });
}
