import type { Page } from 'playwright-core';

/** What the focused element is called (its aria-label, else its text). */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '';
  });

/**
 * Presses Tab (or Shift+Tab) until the focused element is called `name`. The notes editor keeps
 * Tab for indenting; Escape leaves it (forward only).
 */
export async function tabTo(
  page: Page,
  name: string,
  options: { back?: boolean; max?: number } = {},
) {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  for (let step = 0; step < (options.max ?? 40); step += 1) {
    const now = await focused(page);
    if (now === name) return step;
    await page.keyboard.press(!options.back && now === 'Meeting notes' ? 'Escape' : key);
  }
  throw new Error(`${name} never took the focus (at ${await focused(page)})`);
}

/**
 * How the focused element shows its focus: an outline or shadow on it or its two nearest
 * ancestors (a checkbox's input is inside the ring), or a text field's thick focused border;
 * 'none' when nothing shows.
 */
export const focusIndicator = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return 'none';
    const around = [active, active.parentElement, active.parentElement?.parentElement];
    for (const element of around) {
      if (!element) continue;
      const style = getComputedStyle(element);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) return 'outline';
      if (style.boxShadow !== 'none') return 'box-shadow';
    }
    const border = active.closest('.Mui-focused')?.querySelector('fieldset');
    if (border && parseFloat(getComputedStyle(border).borderWidth) >= 2) return 'border';
    return 'none';
  });

export const listTexts = (page: Page, name: string) =>
  page
    .getByRole('list', { name })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.textContent?.trim() ?? ''));
