import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecapCopy } from '../../texts.js';
import { jsonResponse, meeting, renderPanel } from '../../test-support.js';
import { ExportAndPrint, SendRecapButton } from './MeetingTakeaways.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const TOO_SOON =
  'A recap of this meeting was sent less than 10 minutes ago. Please wait before sending another.';

describe('Send recap', () => {
  it('previews the owner and the shared list, sends, and says how many got it', async () => {
    const shared = meeting({ sharedWith: ['bo@example.com', 'cy@example.com'] });
    const { user, fetch, services } = renderPanel(
      shared,
      (current) => <SendRecapButton meeting={current} />,
      {
        'POST /meetings/m1/send-recap': () => jsonResponse({ sent: 3 }),
      },
    );
    await user.click(screen.getByRole('button', { name: RecapCopy.sendRecap }));
    const dialog = await screen.findByRole('dialog', { name: RecapCopy.dialogTitle });
    expect(within(dialog).getByText(`${RecapCopy.recipientsLabel} (3)`)).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['owner@example.com (Owner)', 'bo@example.com', 'cy@example.com']);
    await user.click(within(dialog).getByRole('button', { name: RecapCopy.send }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'success', title: RecapCopy.sent, description: RecapCopy.sentTo(3) },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('shows the server’s reason when a recap is refused, and sends nothing on Cancel', async () => {
    const { user, fetch, services } = renderPanel(
      meeting(),
      (current) => <SendRecapButton meeting={current} />,
      {
        'POST /meetings/m1/send-recap': () =>
          jsonResponse({ statusCode: 429, code: 'MEETING_RECAP_TOO_SOON', error: TOO_SOON }, 429),
      },
    );
    await user.click(screen.getByRole('button', { name: RecapCopy.sendRecap }));
    await user.click(await screen.findByRole('button', { name: RecapCopy.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: RecapCopy.sendRecap }));
    await user.click(await screen.findByRole('button', { name: RecapCopy.send }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: TOO_SOON },
      ]),
    );
  });
});

describe('Export and Print', () => {
  it('links to the Markdown file and opens the print dialog', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderPanel(meeting(), (current) => (
      <ExportAndPrint meetingId={current._id} />
    ));
    const link = screen.getByRole('link', { name: RecapCopy.exportMarkdown });
    expect(link.getAttribute('href')).toBe('/api/meetings/m1/export.md');
    expect(link.hasAttribute('download')).toBe(true);
    await user.click(screen.getByRole('button', { name: RecapCopy.print }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
