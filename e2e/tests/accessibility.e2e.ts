import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectNoAccessibilityViolations } from '../support/accessibility.js';
import { launchBrowser, loginCode, mailCount, openPage, uniqueEmail } from '../support/browser.js';
import { enterCode, signInThroughUi } from '../support/journeys.js';
import { api, createMeeting, dayOffset } from '../support/meetings.js';
import { completeOnboarding } from '@meetings/testing';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The app follows the system's light or dark preference until the user picks one. */
async function themedPage(theme: 'light' | 'dark') {
  const tracked = await openPage(browser);
  await tracked.page.emulateMedia({ colorScheme: theme });
  return tracked;
}

/** The action index is fed by events: wait until it holds `count` open actions. */
async function waitForActionIndex(page: Page, count: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { meetings } = await api<{ meetings: { actions: unknown[] }[] }>(
      page,
      'GET',
      '/actions/?pageSize=100',
    );
    if (meetings.reduce((sum, meeting) => sum + meeting.actions.length, 0) === count) return;
    if (Date.now() > deadline) throw new Error(`the action index never held ${count} actions`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(['light', 'dark'] as const)('WCAG 2.2 AA, %s theme', (theme) => {
  it('landing, sign-in and the code screen with its error', async () => {
    const { page, context } = await themedPage(theme);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Meetings that lead somewhere' }).waitFor();
    await expectNoAccessibilityViolations(page, `landing (${theme})`);

    const email = uniqueEmail(`a11y-${theme}`);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Send Login Code' }).waitFor();
    await expectNoAccessibilityViolations(page, `sign-in (${theme})`);

    await page.getByLabel('Email').fill(email);
    const before = await mailCount(email);
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    await page.waitForURL('**/verify');
    const code = await loginCode(email, before);
    await enterCode(page, code === '000000' ? '111111' : '000000');
    await page.getByText('Invalid or expired verification code').waitFor();
    await expectNoAccessibilityViolations(page, `code screen with an error (${theme})`);

    await enterCode(page, code);
    await page.waitForURL('**/privacy');
    await page.getByText('August 13, 2025').waitFor();
    await expectNoAccessibilityViolations(page, `privacy statement (${theme})`);
    await page.getByRole('button', { name: 'I Accept' }).click();
    await page.getByRole('heading', { name: 'Your 30-Day Free Trial Starts Now!' }).waitFor();
    await expectNoAccessibilityViolations(page, `trial notice (${theme})`);
    await completeOnboarding(page);

    await page.getByRole('banner').getByText('Trial: 30 days left').click();
    await page.waitForURL('**/subscription-choice?change=true');
    await page.getByLabel(/Premium/).waitFor();
    await expectNoAccessibilityViolations(page, `subscription choice (${theme})`);
    await context.close();
  });

  it('meetings list, new-meeting dialog, meeting pages and the actions page', async () => {
    const owner = await themedPage(theme);
    const { page } = owner;
    await signInThroughUi(page, uniqueEmail(`a11y-owner-${theme}`));
    await page.getByText('No meetings yet').waitFor();
    await expectNoAccessibilityViolations(page, `empty meetings list (${theme})`);

    await page.getByRole('button', { name: 'New Meeting' }).click();
    await page.getByRole('dialog', { name: 'Create New Meeting' }).waitFor();
    await expectNoAccessibilityViolations(page, `new-meeting dialog (${theme})`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const readerEmail = uniqueEmail(`a11y-reader-${theme}`);
    const meeting = await createMeeting(page, 'Quarterly planning', {
      date: dayOffset(1),
      agenda: ['Welcome', 'Budget'],
      actions: ['Send the forecast #finance', 'Book a room'],
    });
    await api(page, 'PUT', `/meetings/${meeting.id}/update-notes`, {
      notes: '<p>Agreed the <strong>plan</strong></p>',
    });
    await api(page, 'PUT', `/meetings/${meeting.id}/add-shared-user`, { email: readerEmail });
    await createMeeting(page, 'Retrospective', { date: dayOffset(-2) });

    await page.reload();
    await page.getByRole('link', { name: /Quarterly planning/ }).waitFor();
    await page.getByRole('link', { name: /Retrospective/ }).waitFor();
    await expectNoAccessibilityViolations(page, `meetings list with meetings (${theme})`);

    await page.goto(`/app/meetings/${meeting.id}`);
    await page
      .getByRole('textbox', { name: 'Meeting notes' })
      .getByText('Agreed the plan')
      .waitFor();
    await page.getByRole('checkbox', { name: 'Book a room' }).waitFor();
    await page.getByRole('checkbox', { name: 'Budget' }).waitFor();
    await expectNoAccessibilityViolations(page, `editable meeting page (${theme})`);

    await page.getByRole('button', { name: 'Duplicate meeting' }).click();
    await page.getByRole('dialog', { name: 'Duplicate meeting' }).waitFor();
    await expectNoAccessibilityViolations(page, `duplicate dialog (${theme})`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByText('Are you sure you want to delete this meeting? This action cannot be undone.')
      .waitFor();
    await expectNoAccessibilityViolations(page, `delete dialog (${theme})`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('textbox', { name: 'Add agenda item...' }).fill('Risks');
    await page.getByRole('textbox', { name: 'Add agenda item...' }).press('Enter');
    await page.getByRole('checkbox', { name: 'Risks' }).waitFor();
    const risks = page.getByRole('list', { name: 'Agenda' }).getByRole('listitem').last();
    await risks.hover();
    await risks.getByRole('button', { name: 'Delete agenda item' }).click();
    await page.getByText('Agenda item removed successfully.').waitFor();
    await expectNoAccessibilityViolations(page, `meeting page with a toast (${theme})`);

    // The next meeting of the series shows the open actions of the one before.
    await api(page, 'PUT', `/meetings/${meeting.id}/update-info`, {
      recurrence: 'FREQ=WEEKLY',
    });
    const { meeting: next } = await api<{ meeting: { id: string } }>(
      page,
      'POST',
      `/meetings/${meeting.id}/next-occurrence`,
    );
    await page.goto(`/app/meetings/${next.id}`);
    await page
      .getByRole('region', { name: 'Previous Actions' })
      .getByRole('checkbox', { name: 'Send the forecast #finance' })
      .waitFor();
    await expectNoAccessibilityViolations(page, `meeting page with previous actions (${theme})`);

    await waitForActionIndex(page, 2);
    await page.goto('/app/actions');
    await page.getByRole('checkbox', { name: 'Book a room' }).waitFor();
    await expectNoAccessibilityViolations(page, `actions page (${theme})`);
    await page.getByRole('combobox', { name: 'Search actions' }).pressSequentially('#fin');
    await page.getByRole('option', { name: '#finance' }).waitFor();
    await expectNoAccessibilityViolations(page, `actions page with suggestions (${theme})`);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/app/meetings');
    await page
      .getByRole('link', { name: /Quarterly planning/ })
      .first()
      .waitFor();
    await expectNoAccessibilityViolations(page, `narrow meetings list (${theme})`);

    const reader = await themedPage(theme);
    await signInThroughUi(reader.page, readerEmail);
    await reader.page.goto(`/app/meetings/${meeting.id}`);
    await reader.page.getByRole('heading', { level: 1, name: 'Quarterly planning' }).waitFor();
    await reader.page.getByText('Agreed the plan').waitFor();
    await expectNoAccessibilityViolations(reader.page, `read-only meeting page (${theme})`);

    await owner.context.close();
    await reader.context.close();
  });
});
