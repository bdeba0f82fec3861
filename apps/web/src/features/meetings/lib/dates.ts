/** Dates and times of meetings as shown in Korea. */
const zone = 'Asia/Seoul';

export const meetingDate = (iso: string) =>
  new Intl.DateTimeFormat('ko-KR', {
    timeZone: zone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'short',
  }).format(new Date(iso));

export const meetingTime = (iso: string) =>
  new Intl.DateTimeFormat('ko-KR', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/** Today in Korea as YYYY-MM-DD (the year of a `12/10` due date). */
export const todayInKorea = (now: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
