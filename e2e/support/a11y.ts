import { AxeBuilder } from '@axe-core/playwright';
import type { NodeResult, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.1 A and AA: what the checks hold every screen to. */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const blocking = new Set(['serious', 'critical']);
/**
 * WCAG 2.5.3 Label in Name: axe marks its rule experimental, so the tags alone leave it off; it
 * found the logo, the search button, rail items and calendar days named apart from what they show
 * (issue 41). Enabled by name it runs beside the tags (axe runs a rule enabled in `rules` even
 * when `runOnly` picks by tag).
 */
const extraRules = { 'label-content-name-mismatch': { enabled: true } };

/**
 * Waits for finite CSS transitions and animations (a modal sliding in, a menu or toast fading in),
 * looking again two frames after each wait for any that started meanwhile (Mantine starts its
 * transitions a frame after mounting); 2 s at most.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    const deadline = Date.now() + 2000;
    for (;;) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        );
      if (running.length === 0 || Date.now() > deadline) return;
      await Promise.race([
        Promise.allSettled(running.map((animation) => animation.finished)),
        new Promise((resolve) => setTimeout(resolve, deadline - Date.now())),
      ]);
    }
  });
}

/** One line per element: its selector and, for contrast, the colours and ratio axe measured. */
function describeNode(node: NodeResult): string {
  const target = node.target.map(String).join(' ');
  const data = node.any.find((check) => check.id === 'color-contrast')?.data as
    | { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string }
    | undefined;
  if (data?.fgColor) {
    return `${target} — ${data.fgColor} on ${data.bgColor}: ${data.contrastRatio} (needs ${data.expectedContrastRatio})`;
  }
  // Otherwise axe's own words on what is wrong, on one line.
  const summary = node.failureSummary?.replace(/\s*\n\s*/g, ' ').trim();
  return summary ? `${target} — ${summary}` : target;
}

/** A readable list of violations: each rule with its first `limit` elements. */
export function formatViolations(label: string, violations: Result[], limit = 5): string {
  const lines = violations.map((violation) => {
    const nodes = violation.nodes.slice(0, limit).map((node) => `      ${describeNode(node)}`);
    const left = violation.nodes.length - limit;
    const more = left > 0 ? [`      … ${left} more`] : [];
    return [
      `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length})`,
      ...nodes,
      ...more,
    ].join('\n');
  });
  return `axe: ${violations.length} violation(s) on "${label}":\n${lines.join('\n')}`;
}

/**
 * Runs axe-core on the page as it is now with the WCAG 2.1 A/AA rules and Label in Name (and any
 * extra tags, such as 'best-practice'); answers every violation, whatever its impact.
 */
export async function axeViolations(page: Page, extraTags: string[] = []): Promise<Result[]> {
  await settle(page);
  // Legacy mode runs in the page itself (no extra blank page in the context); the app has no
  // cross-origin frames to follow.
  // `options` replaces the builder's options, so it goes first and `withTags` adds runOnly to it.
  const builder = new AxeBuilder({ page })
    .options({ rules: extraRules })
    .withTags([...tags, ...extraTags])
    .setLegacyMode(true);
  return (await builder.analyze()).violations;
}

/** The serious and critical WCAG 2.1 A/AA violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Result[]> {
  return (await axeViolations(page)).filter((violation) => blocking.has(violation.impact ?? ''));
}

/**
 * Fails, listing each one (rule, elements, and for contrast the colours), if axe-core finds any
 * serious or critical WCAG 2.1 AA violation on the page as it is now.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const serious = await seriousViolations(page);
  if (serious.length === 0) return;
  const report = formatViolations(label, serious, Infinity);
  // A11Y_SOFT=1 lists them all and goes on: one run shows every screen's findings.
  if (process.env.A11Y_SOFT) console.warn(report);
  else throw new Error(report);
}
