import type { Page } from 'playwright-core';
import { beforeEach } from 'vitest';
import { attemptOf, failedAttemptLine } from '../../apps/server/test/attempt-line';
import { consoleOf, launchedBrowsers, launchedContexts, screenshot } from './browser';

const shownText = 1_500;

/** The page's last console lines, under its text (the app warns there of what went wrong). */
function consoleReport(page: Page): string {
  const lines = consoleOf(page);
  return lines.length === 0 ? '' : `\n── its console, last ${lines.length}:\n${lines.join('\n')}`;
}

/**
 * When a journey fails, what each open page showed: its address and visible text in the log
 * (CI keeps only the log) and a screenshot named FAILED-… beside the others. A failure that
 * happens only on a loaded CI machine is then read from the run, not guessed at.
 */
beforeEach(({ onTestFailed, task }) => {
  onTestFailed(async () => {
    const pages = [
      ...[...launchedBrowsers].flatMap((browser) => browser.contexts()),
      ...launchedContexts,
    ].flatMap((context) => context.pages());
    // Named after the file too: two files run at once and write to the same folder.
    const file = task.file.name.replace(/\.spec\.ts$/, '');
    const slug = `${file}-${task.name}`.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
    // A journey that passes on its second attempt has its first error printed nowhere else.
    console.error(failedAttemptLine(task.name, task));
    for (const [index, page] of pages.entries()) {
      if (page.isClosed()) continue;
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch((error: unknown) => `(text not read: ${String(error)})`);
      const shot = await screenshot(page, `FAILED-${slug}-${index + 1}`, 'always').catch(
        () => '(none)',
      );
      console.error(
        `── page ${index + 1} of ${pages.length} when "${task.name}" failed ` +
          `(attempt ${attemptOf(task)}): ${page.url()}\n` +
          `screenshot: ${shot}\n${text.replace(/\n{2,}/g, '\n').slice(0, shownText)}` +
          consoleReport(page),
      );
    }
  });
});
