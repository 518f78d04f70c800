import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, mailWith, openPage, uniqueEmail } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';
import { api, createMeeting, unexpected } from '../support/meetings.js';

// The recap, the Markdown export and the print view, from the meeting page.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('recap, export and print', () => {
  it('sends the recap once, exports Markdown with the notes, and prints without the app around it', async () => {
    const { page, context, errors } = await openPage(browser);
    const owner = uniqueEmail('recap36');
    const guest = uniqueEmail('recap36-guest');
    await signInThroughUi(page, owner);
    const meeting = await createMeeting(page, 'Sprint review', {
      agenda: ['Demo'],
      actions: ['Tag the release'],
    });
    await api(page, 'PUT', `/meetings/${meeting.id}/add-shared-user`, { email: guest });
    await api(page, 'PUT', `/meetings/${meeting.id}/update-notes`, {
      notes: '<h2>Decisions</h2><p>Ship on <strong>Friday</strong></p>',
    });
    await page.goto(`/app/meetings/${meeting.id}`);

    // The preview names who receives it: the owner and the shared list.
    await page.getByRole('button', { name: 'Send recap' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the recap' });
    await dialog.getByText('Recipients (2)').waitFor();
    await dialog.getByText(`${owner} (Owner)`).waitFor();
    await dialog.getByText(guest, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Recap sent').waitFor();
    await page.getByText('Sent to 2 people.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // svc-auth mails it to both (the test mailbox is a real SMTP server).
    for (const to of [owner, guest]) {
      const mail = (await mailWith(to, 'Recap: Sprint review')).replace(/=\r\n/g, '');
      expect(mail).toContain('[ ] Demo (open)');
      expect(mail).toContain('Ship on Friday');
      expect(mail).toContain('Tag the release (unassigned, no due date, open)');
      expect(mail).toContain(`/app/meetings/${meeting.id}`);
    }

    // A second recap within 10 minutes is refused, with the reason.
    await page.getByRole('button', { name: 'Send recap' }).click();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page
      .getByText(
        'A recap of this meeting was sent less than 10 minutes ago. Please wait before sending another.',
      )
      .waitFor();

    // Export: a Markdown file with the notes converted.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^sprint-review-\d{4}-\d{2}-\d{2}\.md$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const markdown = Buffer.concat(chunks).toString('utf8');
    expect(markdown).toContain('# Sprint review');
    expect(markdown).toContain('- [ ] Demo');
    expect(markdown).toContain('## Decisions\n\nShip on **Friday**');
    expect(markdown).toContain('- [ ] Tag the release (assignee: none; due: none; status: open)');

    // Print: the meeting's content only, each section on its own page.
    await page.emulateMedia({ media: 'print' });
    for (const chrome of [
      page.getByRole('banner'),
      page.getByRole('navigation', { name: 'Main' }),
      page.getByRole('button', { name: 'Send recap' }),
      page.getByRole('link', { name: 'Export' }),
      page.getByRole('textbox', { name: 'Add agenda item...' }),
    ])
      await expect.poll(() => chrome.first().isVisible()).toBe(false);
    await expect.poll(() => page.locator('.notistack-SnackbarContainer').isVisible()).toBe(false);
    expect(await page.getByRole('textbox', { name: 'Meeting title' }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Agenda' }).isVisible()).toBe(true);
    const breakBefore = (name: string) =>
      page
        .getByRole('region', { name })
        .evaluate((section) => getComputedStyle(section).breakBefore);
    expect(await breakBefore('Agenda')).toBe('auto');
    expect(await breakBefore('Notes')).toBe('page');
    expect(await breakBefore('Actions')).toBe('page');
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByRole('button', { name: 'Send recap' }).isVisible()).toBe(true);

    // The refused second recap is the only failed request.
    expect(unexpected(errors, /status of 429/)).toEqual([]);
    await context.close();
  });
});
