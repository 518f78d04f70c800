import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The conformance target, WCAG 2.2 AA: every A and AA rule of WCAG 2.0, 2.1 and 2.2. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on the page as it is now and throws when any WCAG A/AA rule fails, listing each
 * violation: rule, impact, the elements (CSS selectors) and the help text.
 */
export async function expectNoAccessibilityViolations(page: Page, screen: string): Promise<void> {
  // Mid-transition colours (a dialog fading in) would be measured as poor contrast.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).analyze();
  if (violations.length === 0) return;
  const report = violations
    .map((violation) => {
      const targets = violation.nodes
        .map((node) => `    - ${node.target.join(' ')}${summary(node.failureSummary)}`)
        .join('\n');
      return `  ${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}\n${targets}`;
    })
    .join('\n');
  throw new Error(
    `${screen}: ${violations.length} accessibility violation(s) of WCAG 2.2 AA\n${report}`,
  );
}

function summary(text: string | undefined): string {
  return text ? `\n      ${text.replaceAll('\n', '\n      ')}` : '';
}
