import type { SearchHighlight } from '@teamup/contracts/search';

/** Text with its matched stretches in <mark> (offsets from the server, never its HTML). */
export function Highlighted({
  text,
  ranges,
}: {
  text: string;
  ranges: readonly SearchHighlight[];
}) {
  const parts: { text: string; marked: boolean; at: number }[] = [];
  let at = 0;
  for (const range of ranges) {
    const start = Math.max(range.start, at);
    const end = Math.min(range.end, text.length);
    if (end <= start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false, at });
    parts.push({ text: text.slice(start, end), marked: true, at: start });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false, at });
  return (
    <>
      {parts.map((part) =>
        part.marked ? (
          <mark key={part.at} data-search-mark="">
            {part.text}
          </mark>
        ) : (
          <span key={part.at}>{part.text}</span>
        ),
      )}
    </>
  );
}
