import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';
import { createMeeting, storedAgenda } from '../support/meetings.js';
import { listTexts } from '../support/keyboard.js';

// Every main screen at 360 px wide and at 200 % zoom (a 1280 px window then lays out
// 640 CSS px) without horizontal scrolling, with touch targets of at least 24 × 24 px (WCAG 1.4.10,
// 2.5.8).

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [360, 640];

/** How far the page scrolls sideways (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth - root.clientWidth;
  });

/**
 * Controls smaller than 24 × 24 px that the spacing exception does not excuse (a 24 px square
 * centred on the control overlaps another control). Links inside running text are exempt, as
 * are controls not shown.
 */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"]';
    const targets = [...document.querySelectorAll<HTMLElement>(selector)].filter((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') return false;
      if (element.closest('[aria-hidden="true"]')) return false;
      // The skip link sits above the page until focused.
      if (box.bottom <= 0) return false;
      return !(element.tagName === 'A' && style.display === 'inline');
    });
    const boxes = targets.map((element) => element.getBoundingClientRect());
    const overlaps = (
      a: DOMRect,
      b: { left: number; right: number; top: number; bottom: number },
    ) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return targets.flatMap((element, index) => {
      const box = boxes[index]!;
      if (box.width >= 24 && box.height >= 24) return [];
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const square = { left: x - 12, right: x + 12, top: y - 12, bottom: y + 12 };
      const crowded = boxes.some((other, at) =>
        at !== index && !targets[at]!.contains(element) && !element.contains(targets[at]!)
          ? overlaps(other, square)
          : false,
      );
      if (!crowded) return [];
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
      return [`${element.tagName.toLowerCase()} "${name}" ${box.width}×${box.height}`];
    });
  });

async function checkScreen(page: Page, screen: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(200);
    expect(await overflow(page), `${screen} at ${width} px scrolls sideways`).toBeLessThanOrEqual(
      0,
    );
    expect(await smallTargets(page), `${screen} at ${width} px`).toEqual([]);
  }
}

describe('phones and zoom', () => {
  it('every main screen fits 360 px and 200 % zoom, with touch targets of 24 px or more', async () => {
    const { page, context, errors } = await openPage(browser, { width: 360, height: 800 });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The check itself finds crowded small controls (two 10 px buttons side by side).
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.id = 'probe';
      probe.innerHTML =
        '<button style="width:10px;height:10px;padding:0">a</button><button style="width:10px;height:10px;padding:0">b</button>';
      document.body.prepend(probe);
    });
    expect(await smallTargets(page)).toEqual(['button "a" 10×10', 'button "b" 10×10']);
    await page.evaluate(() => document.getElementById('probe')?.remove());
    await checkScreen(page, 'landing');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Send Login Code' }).waitFor();
    await checkScreen(page, 'sign-in');

    await signInThroughUi(page, uniqueEmail('phones'));
    const meeting = await createMeeting(page, 'Phone check', {
      agenda: ['Welcome', 'A rather long agenda item that has to wrap on a narrow phone screen'],
      actions: ['Send the #release notes', 'Book room'],
    });
    await page.goto('/app/meetings');
    await page.getByText('Phone check').waitFor();
    await checkScreen(page, 'meetings list');

    await page.goto(`/app/meetings/${meeting.id}`);
    await page.getByRole('list', { name: 'Agenda' }).getByText('Welcome').waitFor();
    await page.getByRole('textbox', { name: 'Meeting notes' }).waitFor();
    await checkScreen(page, 'meeting page');

    await page.goto('/app/actions');
    await page.getByRole('checkbox', { name: 'Book room' }).waitFor({ timeout: 15_000 });
    await checkScreen(page, 'actions page');

    await page.goto('/app/settings');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkScreen(page, 'settings');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a finger on the drag handle moves an agenda item, and the order is kept', async () => {
    const { page, context, errors } = await openPage(browser, {
      width: 390,
      height: 844,
      touch: true,
    });
    await signInThroughUi(page, uniqueEmail('touch-reorder'));
    const { id } = await createMeeting(page, 'Touch order', {
      agenda: ['Welcome', 'Risks', 'AOB'],
    });
    await page.goto(`/app/meetings/${id}`);
    await page.getByRole('list', { name: 'Agenda' }).getByText('AOB').waitFor();

    // Playwright only taps; the finger's press, slide and lift go through DevTools.
    const handle = (await page
      .getByRole('button', { name: 'Drag to reorder: AOB' })
      .boundingBox())!;
    const target = (await page
      .getByRole('button', { name: 'Drag to reorder: Welcome' })
      .boundingBox())!;
    const cdp = await context.newCDPSession(page);
    const at = (x: number, y: number) => [{ x, y }];
    const x = handle.x + handle.width / 2;
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: at(x, handle.y + handle.height / 2),
    });
    const from = handle.y + handle.height / 2;
    const to = target.y + target.height / 2 - 4;
    for (let step = 1; step <= 10; step += 1) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: at(x, from + ((to - from) * step) / 10),
      });
      await page.waitForTimeout(30);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

    await expect
      .poll(() => listTexts(page, 'Agenda'), { timeout: 10_000 })
      .toEqual(['AOB', 'Welcome', 'Risks']);
    await expect
      .poll(() => storedAgenda(page, id), { timeout: 10_000 })
      .toEqual(['AOB', 'Welcome', 'Risks']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
