/**
 * The file name a Content-Disposition header names (RFC 6266): the RFC 5987 `filename*` when it
 * decodes, else the plain `filename`, else null. Any directory part is dropped, so the name is
 * always a bare file name.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]+)/i.exec(header)?.[1];
  const fromExtended = extended ? decodeExtendedValue(extended.trim()) : null;
  if (fromExtended) return baseName(fromExtended);
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(header)?.[1];
  const fromPlain = plain ? unquote(plain.trim()) : '';
  return fromPlain ? baseName(fromPlain) : null;
}

/** `charset'language'percent-encoded` (RFC 5987); UTF-8 and ISO-8859-1 are understood. */
function decodeExtendedValue(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(unquote(value));
  if (!match) return null;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8' || charset === '') return decodeURIComponent(encoded) || null;
    if (charset === 'iso-8859-1') {
      return (
        encoded.replace(/%([0-9a-f]{2})/gi, (_all, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        ) || null
      );
    }
  } catch {
    // A malformed escape: fall back to the plain filename.
  }
  return null;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

function baseName(name: string): string {
  const parts = name.split(/[\\/]/);
  return (parts[parts.length - 1] ?? '').trim();
}
