/**
 * The portfolio as a link target when it is a web address (it starts with http, spec 02
 * section 2); null otherwise, so the value is shown as text and never as a `javascript:` link.
 */
export function portfolioHref(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed || !/^https?:\/\/\S+$/i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? trimmed : null;
  } catch {
    return null;
  }
}
