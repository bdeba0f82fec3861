import type { FastifyReply } from 'fastify';

/*
 * CSV answers (RFC 4180): the byte order mark Excel needs to read Korean as UTF-8, fields made
 * safe from spreadsheet formulas, and the headers every CSV download is sent with.
 */

/** Excel reads a UTF-8 file as such only after this mark. */
export const CSV_BOM = '\uFEFF';

/**
 * One field: quoted when it holds a comma, a quote or a line break (or always, for files whose
 * readers expect every field quoted), its quotes doubled. Text a spreadsheet would read as a
 * formula (=, +, -, @ first) keeps a leading apostrophe; null is an empty field.
 */
export function csvField(
  value: string | number | null,
  quoting: 'minimal' | 'all' = 'minimal',
): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  const quoted = quoting === 'all' || /[",\r\n]/.test(text);
  return quoted ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of fields, ended by CRLF. */
export const csvLine = (
  fields: readonly (string | number | null)[],
  quoting: 'minimal' | 'all' = 'minimal',
) => `${fields.map((field) => csvField(field, quoting)).join(',')}\r\n`;

/** Sends a CSV file for download, never cached by anyone else. */
export function sendCsv(reply: FastifyReply, file: { body: string; disposition: string }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', file.disposition)
    .send(file.body);
}
