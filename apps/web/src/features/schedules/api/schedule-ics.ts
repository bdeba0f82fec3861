import { useMutation } from '@tanstack/react-query';
import { calendarFeedEndpoints } from '@teamup/contracts/calendar-feed';
import { pathOf } from '@teamup/contracts/endpoint';
import { fetchApiBlob } from '../../../lib/api-blob';
import { saveBlob } from '../../../lib/save-blob';

/** GET /calendar/schedules/{id}/ics: one event as an .ics file, saved by the browser. */
export function useDownloadScheduleIcs() {
  return useMutation({
    mutationFn: async (scheduleId: number) => {
      const file = await fetchApiBlob(
        pathOf(calendarFeedEndpoints.scheduleIcs, { id: scheduleId }),
      );
      saveBlob(file.blob, file.fileName ?? `teamup-schedule-${scheduleId}.ics`);
    },
  });
}
