/*
 * A small RFC 5545 writer: properties as name, parameters and value; text escaped (3.3.11), lines
 * folded at 75 octets without splitting a UTF-8 character (3.1), CRLF line ends. Kept small and
 * strict rather than a library's object model: the feed's shape is fixed, and a test parses what
 * it writes back with ical.js.
 */

export type IcsProperty = {
  name: string;
  params?: Record<string, string>;
  /** Already in the value's RFC 5545 form (use `icsText` for TEXT values). */
  value: string;
};

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
export function icsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** One content line folded into lines of at most 75 octets (continuations start with a space). */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function paramValue(value: string): string {
  // A value with a colon, semicolon or comma is quoted (3.2); quotes themselves cannot appear.
  const clean = value.replace(/"/g, "'");
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

export function propertyLine(property: IcsProperty): string {
  const params = Object.entries(property.params ?? {})
    .map(([name, value]) => `;${name}=${paramValue(value)}`)
    .join('');
  return foldLine(`${property.name}${params}:${property.value}`);
}

/** A component (VEVENT, VTIMEZONE …) with its properties and nested components, as lines. */
export function component(name: string, properties: IcsProperty[], children: string[][] = []) {
  return [`BEGIN:${name}`, ...properties.map(propertyLine), ...children.flat(), `END:${name}`];
}

/** A whole calendar document, CRLF-terminated lines. */
export function calendarDocument(lines: string[]): string {
  return `${lines.join('\r\n')}\r\n`;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** An instant as a UTC DATE-TIME: 20261130T150000Z. */
export function utcDateTime(at: Date): string {
  return `${pad(at.getUTCFullYear(), 4)}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;
}

/** Asia/Seoul is UTC+9 all year (no daylight saving since 1988). */
export const SEOUL_TZID = 'Asia/Seoul';
const SEOUL_OFFSET_MS = 9 * 3_600_000;

/** An instant as a local DATE-TIME in Asia/Seoul (used with TZID=Asia/Seoul): 20261201T000000. */
export function seoulDateTime(at: Date): string {
  return utcDateTime(new Date(at.getTime() + SEOUL_OFFSET_MS)).slice(0, -1);
}

/** A calendar day (YYYY-MM-DD) as a DATE value, `days` later: 20261201. */
export function icsDate(day: string, days = 0): string {
  const at = new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000);
  return `${pad(at.getUTCFullYear(), 4)}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}`;
}

/** The VTIMEZONE of Asia/Seoul: one standard observance at +09:00. */
export function seoulTimeZone(): string[] {
  return component(
    'VTIMEZONE',
    [
      { name: 'TZID', value: SEOUL_TZID },
      { name: 'X-LIC-LOCATION', value: SEOUL_TZID },
    ],
    [
      component('STANDARD', [
        { name: 'DTSTART', value: '19700101T000000' },
        { name: 'TZOFFSETFROM', value: '+0900' },
        { name: 'TZOFFSETTO', value: '+0900' },
        { name: 'TZNAME', value: 'KST' },
      ]),
    ],
  );
}
