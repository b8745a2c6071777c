import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// The app's CSP forbids inline scripts (so addScriptTag fails); evaluating over the devtools
// protocol is allowed.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical axe-core violations on the page as it is now, as "<name>: rule: selectors"
 * lines. Waits for running transitions first: a colour mid-fade is not what a person reads.
 */
export async function axeViolations(page: Page, name: string): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.evaluate(`${axeSource};undefined`);
  const found = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const { axe } = window as unknown as { axe: { run(ctx: object, o: object): Promise<Result> } };
    // Toasts fade in and out on their own timers; they are checked where they are shown.
    const result = await axe.run(
      { exclude: [['[data-sonner-toaster]']] },
      { iframes: false, resultTypes: ['violations'] },
    );
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  });
  return found.map((v) => `${name}: ${v}`);
}
