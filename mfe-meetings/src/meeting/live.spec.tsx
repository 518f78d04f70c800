import type { Meeting } from '@meetings/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  actionItem,
  agendaItem,
  jsonResponse,
  meeting,
  renderMeetingsApp,
} from '../test-support.js';

// The meeting page follows changes made elsewhere through its live stream.

vi.mock('./notes/NotesEditor.js', () => ({
  default: () => <div data-testid="notes-editor" />,
}));

beforeAll(() => import('./MeetingPage.js'), 30_000);

/** The browser's EventSource, played by the test. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    act(() => this.listeners.get(type)?.forEach((listener) => listener(event)));
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

/** The page on meeting m1, answering each GET with the meeting as it stands in `current`. */
function open(initial: Partial<Meeting> = {}) {
  const state = { current: meeting(initial) };
  const view = renderMeetingsApp(
    {
      'GET /meetings/m1': () => jsonResponse({ meeting: state.current }),
      'GET /meetings/m1/previous-actions': () => jsonResponse({ meetings: [] }),
    },
    { route: '/app/meetings/m1' },
  );
  return { ...view, state, reads: () => view.fetch.calls.filter((c) => c.path === '/meetings/m1') };
}

async function stream(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
  const source = FakeEventSource.opened[0]!;
  expect(source.url).toBe('/api/meetings/m1/live');
  return source;
}

describe('meeting page: live updates', () => {
  it('reads the meeting again on a newer version and shows it; the version it has changes nothing', async () => {
    const page = open();
    await screen.findByRole('textbox', { name: 'Meeting title' });
    const source = await stream();
    source.emit('changed', { version: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(page.reads()).toHaveLength(1);

    page.state.current = meeting({
      title: 'Weekly sync: planning',
      agenda: [agendaItem('a1', 'Hiring', 1)],
      version: 2,
    });
    source.emit('changed', { version: 2 });
    await waitFor(() =>
      expect(
        (screen.getByRole('textbox', { name: 'Meeting title' }) as HTMLInputElement).value,
      ).toBe('Weekly sync: planning'),
    );
    expect(await screen.findByRole('checkbox', { name: 'Hiring' })).toBeTruthy();
    expect(page.reads()).toHaveLength(2);
  });

  it('keeps what is being typed in the title while others change the meeting', async () => {
    const page = open();
    const title = (await screen.findByRole('textbox', {
      name: 'Meeting title',
    })) as HTMLInputElement;
    const source = await stream();
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: 'My own title' } });
    page.state.current = meeting({
      title: 'Their title',
      agenda: [agendaItem('a1', 'Hiring', 1)],
      version: 2,
    });
    source.emit('changed', { version: 2 });
    expect(await screen.findByRole('checkbox', { name: 'Hiring' })).toBeTruthy();
    expect(title.value).toBe('My own title');
  });

  it('takes a title changed elsewhere once the untouched field is left', async () => {
    const page = open();
    const title = (await screen.findByRole('textbox', {
      name: 'Meeting title',
    })) as HTMLInputElement;
    const source = await stream();
    fireEvent.focus(title);
    page.state.current = meeting({ title: 'Their title', version: 2 });
    source.emit('changed', { version: 2 });
    await waitFor(() => expect(page.reads()).toHaveLength(2));
    expect(title.value).toBe('Weekly sync');
    fireEvent.blur(title);
    await waitFor(() => expect(title.value).toBe('Their title'));
  });

  it('updates the read-only page too', async () => {
    const page = open({ isOwner: false, role: 'viewer' });
    await screen.findByRole('heading', { level: 1, name: 'Weekly sync' });
    const source = await stream();
    page.state.current = meeting({ isOwner: false, role: 'viewer', title: 'Renamed', version: 2 });
    source.emit('changed', { version: 2 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Renamed' })).toBeTruthy();
  });

  it('keeps its own tick over a read started before it, then reads again for the change its answer skipped', async () => {
    const supplier = actionItem('x1', 'Call supplier', 1);
    const ticked = { ...supplier, completed: true };
    const hiring = [agendaItem('a1', 'Hiring', 1)];
    const reads: ((response: Response) => void)[] = [];
    renderMeetingsApp(
      {
        'GET /meetings/m1': () =>
          reads.length
            ? new Promise<Response>((resolve) => reads.push(resolve))
            : (reads.push(() => undefined),
              jsonResponse({ meeting: meeting({ actions: [supplier] }) })),
        'GET /meetings/m1/previous-actions': () => jsonResponse({ meetings: [] }),
        'PUT /meetings/m1/update-action-item/x1': () =>
          jsonResponse({ meeting: meeting({ actions: [ticked], agenda: hiring, version: 3 }) }),
      },
      { route: '/app/meetings/m1' },
    );
    const box = (await screen.findByRole('checkbox', {
      name: 'Call supplier',
    })) as HTMLInputElement;
    const source = await stream();
    // Someone else adds an agenda item (version 2): the read for it is answered only after the
    // tick is saved (version 3), without the tick.
    source.emit('changed', { version: 2 });
    await waitFor(() => expect(reads).toHaveLength(2));
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    act(() =>
      reads[1]!(
        jsonResponse({ meeting: meeting({ actions: [supplier], agenda: hiring, version: 2 }) }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(box.checked).toBe(true);
    // The tick's answer skipped version 2, so the page is not at version 3 yet: the tick's own
    // event reads the meeting again, and the agenda item arrives with the tick kept.
    source.emit('changed', { version: 3 });
    await waitFor(() => expect(reads).toHaveLength(3));
    act(() =>
      reads[2]!(
        jsonResponse({ meeting: meeting({ actions: [ticked], agenda: hiring, version: 3 }) }),
      ),
    );
    expect(await screen.findByRole('checkbox', { name: 'Hiring' })).toBeTruthy();
    expect(box.checked).toBe(true);
  });

  it("takes its own save's version when nothing came between, so its own event reads nothing", async () => {
    const supplier = actionItem('x1', 'Call supplier', 1);
    const view = renderMeetingsApp(
      {
        'GET /meetings/m1': () => jsonResponse({ meeting: meeting({ actions: [supplier] }) }),
        'GET /meetings/m1/previous-actions': () => jsonResponse({ meetings: [] }),
        'PUT /meetings/m1/update-action-item/x1': () =>
          jsonResponse({
            meeting: meeting({ actions: [{ ...supplier, completed: true }], version: 2 }),
          }),
      },
      { route: '/app/meetings/m1' },
    );
    const page = {
      fetch: view.fetch,
      reads: () => view.fetch.calls.filter((c) => c.path === '/meetings/m1'),
    };
    const box = (await screen.findByRole('checkbox', {
      name: 'Call supplier',
    })) as HTMLInputElement;
    const source = await stream();
    fireEvent.click(box);
    await waitFor(() =>
      expect(page.fetch.calls.some((c) => c.path === '/meetings/m1/update-action-item/x1')).toBe(
        true,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    source.emit('changed', { version: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(page.reads()).toHaveLength(1);
    expect(box.checked).toBe(true);
  });

  it('shows Meeting not found when the meeting is deleted, and stops listening', async () => {
    open();
    await screen.findByRole('textbox', { name: 'Meeting title' });
    const source = await stream();
    source.emit('deleted', {});
    expect(await screen.findByText('Meeting not found')).toBeTruthy();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('lets go of the stream while the tab is hidden, and catches up when it is shown again', async () => {
    const page = open();
    await screen.findByRole('textbox', { name: 'Meeting title' });
    const first = await stream();
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);

    page.state.current = meeting({ title: 'Changed meanwhile', version: 3 });
    hidden.mockReturnValue(false);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.opened[1]!.emit('changed', { version: 3 });
    await waitFor(() =>
      expect(
        (screen.getByRole('textbox', { name: 'Meeting title' }) as HTMLInputElement).value,
      ).toBe('Changed meanwhile'),
    );
    hidden.mockRestore();
  });

  it('closes the stream when the page is left', async () => {
    const page = open();
    await screen.findByRole('textbox', { name: 'Meeting title' });
    const source = await stream();
    page.unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });
});
