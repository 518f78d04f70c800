import { PAGE_SIZE } from '@meetings/contracts';
import { describe, expect, it, vi } from 'vitest';
import { summary } from '../test-support.js';
import { createMeetingPages } from './meeting-pages.js';

const fullPage = (n: number) =>
  Array.from({ length: PAGE_SIZE }, (_, i) => summary(`p${n}-${i}`, '2026-10-01T10:00:00Z'));

describe('the pages of the meetings list', () => {
  it('ignores an end-in-view report measured before the loaded rows showed', async () => {
    const load = vi.fn(async (page: number) => fullPage(page));
    const pages = createMeetingPages(load);
    // The screen as it was before page 1 arrived: an empty list, its end in view.
    const before = pages.getSnapshot().meetings;
    pages.start();
    await vi.waitFor(() => expect(pages.getSnapshot().meetings).toHaveLength(PAGE_SIZE));

    pages.setEndInView(true, before);
    expect(load).toHaveBeenCalledTimes(1);

    // Measured with page 1's rows on screen, the end in view asks for page 2.
    pages.setEndInView(true, pages.getSnapshot().meetings);
    expect(load.mock.calls.map(([page]) => page)).toEqual([1, 2]);
  });

  it('refreshes the pages it has, all at once, and keeps them if that fails', async () => {
    const titles = new Map<string, string>();
    const load = vi.fn(async (page: number) =>
      fullPage(page).map((m) => ({ ...m, title: titles.get(m.id) ?? m.title })),
    );
    const pages = createMeetingPages(load);
    pages.start();
    await vi.waitFor(() => expect(pages.getSnapshot().meetings).toHaveLength(PAGE_SIZE));
    pages.setEndInView(true, pages.getSnapshot().meetings);
    await vi.waitFor(() => expect(pages.getSnapshot().meetings).toHaveLength(2 * PAGE_SIZE));

    // Renamed while the user was away; the last page now short: the end of the list.
    titles.set('p2-3', 'Renamed');
    load.mockImplementationOnce(async (page) => fullPage(page));
    load.mockImplementationOnce(async (page) =>
      fullPage(page)
        .slice(0, 4)
        .map((m) => ({ ...m, title: titles.get(m.id) ?? m.title })),
    );
    await pages.refresh();
    expect(load.mock.calls.map(([page]) => page)).toEqual([1, 2, 1, 2]);
    const { meetings, hasMore, loading } = pages.getSnapshot();
    expect(meetings).toHaveLength(PAGE_SIZE + 4);
    expect(meetings.find((m) => m.id === 'p2-3')?.title).toBe('Renamed');
    expect([hasMore, loading]).toEqual([false, false]);

    load.mockRejectedValue(new Error('down'));
    await pages.refresh();
    expect(pages.getSnapshot().meetings).toBe(meetings);
    expect(pages.getSnapshot().loading).toBe(false);
  });
});
