import { parseActionItem, type ActionItem } from '@teamup/contracts/meetings';

/** The notes' action item lines, in order, one per key (a repeated line is one item). */
export function actionLines(content: string, today: string): Array<ActionItem & { line: string }> {
  const seen = new Set<string>();
  const items: Array<ActionItem & { line: string }> = [];
  for (const line of content.split('\n')) {
    const item = parseActionItem(line, today);
    if (!item || seen.has(item.key)) continue;
    seen.add(item.key);
    items.push({ ...item, line: line.trim() });
  }
  return items;
}
