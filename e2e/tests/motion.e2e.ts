import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';

// Asked for less motion (prefers-reduced-motion), nothing fades or slides.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The New Meeting dialog's fade, as the browser computes it. */
async function dialogFade(page: Page) {
  await page.getByRole('button', { name: 'New Meeting' }).click();
  await page.getByRole('dialog').waitFor();
  const fade = await page
    .locator('.MuiDialog-container')
    .evaluate((element) => getComputedStyle(element).transitionDuration);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  return fade;
}

describe('reduced motion', () => {
  it('dialogs fade in without it and appear at once with it', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInThroughUi(page, uniqueEmail('motion'));
    expect(await dialogFade(page)).not.toBe('0s');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await dialogFade(page)).toBe('0s');
    const spinning = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .map((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          const name = (animation as CSSAnimation).animationName ?? '';
          return `${name} ${String(target?.className ?? '')}`;
        }),
    );
    expect(spinning).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
