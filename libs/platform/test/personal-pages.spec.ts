import { eventually, writeTestFrontEnds } from '@meetings/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestPlatform, type ApiClient, type TestPlatform } from './helpers.js';

// A first load of a meeting (or of the actions page) with its data in the HTML: the gateway reads
// it from svc-meetings (svc-actions) with the user's own session, so what each user gets is what
// the service lets them read.

const INDEX_HTML =
  '<!doctype html><html><head><title>MeetingKeeper</title></head><body><div id="root"></div></body></html>';

let t: TestPlatform;

beforeAll(async () => {
  const { shellDir, meetingsDir, actionsDir } = writeTestFrontEnds({ index: INDEX_HTML });
  t = await startTestPlatform({
    frontEnds: {
      shellDir,
      remoteDirs: [`mfe-meetings=${meetingsDir}`, `mfe-actions=${actionsDir}`],
    },
  });
});

afterAll(async () => {
  await t?.close();
});

async function put(client: ApiClient, path: string, body: unknown) {
  const response = await client.call('PUT', `/api/meetings/${path}`, body);
  expect(response.status, path).toBe(200);
}

describe('the meeting page rendered by the shell server', () => {
  it('shows the owner and a reader the stored meeting, escaped and sanitised; others the plain page', async () => {
    const owner = await signIn(t, 'page-owner@example.com');
    const reader = await signIn(t, 'page-reader@example.com');
    const stranger = await signIn(t, 'page-stranger@example.com');
    const created = await owner.call('POST', '/api/meetings/create', { title: 'Plan <b>&</b>' });
    expect(created.status).toBe(201);
    const id = (created.json.meeting as { id: string }).id;
    await put(owner, `${id}/add-agenda-item`, { text: 'Budget' });
    await put(owner, `${id}/add-action-item`, { text: 'Ship #release now' });
    await put(owner, `${id}/update-notes`, {
      notes: '<p>Agreed <em>this</em></p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
    });
    await put(owner, `${id}/add-shared-user`, { email: 'page-reader@example.com' });

    for (const client of [owner, reader]) {
      const page = await client.call('GET', `/app/meetings/${id}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      expect(page.text).toContain('<h1>Plan &lt;b&gt;&amp;&lt;/b&gt;</h1>');
      expect(page.text).toContain(
        '<div data-testid="notes-preview"><p>Agreed <em>this</em></p></div>',
      );
      expect(page.text).toContain('<span>Budget</span>');
      expect(page.text).toContain('<span class="chip" data-hashtag="release">#release</span>');
      expect(page.text).toContain('<li class="email">page-reader@example.com</li>');
      expect(page.text).not.toMatch(/onerror|<script>alert|__MK_/);
    }

    // Not shared with them: the plain shell, nothing of the meeting.
    const plain = await stranger.call('GET', `/app/meetings/${id}`);
    expect(plain.status).toBe(200);
    expect(plain.text).toBe(INDEX_HTML);
    // Signed out (the cookie no longer a session): the same.
    expect((await reader.call('POST', '/api/auth/logout', {})).status).toBe(200);
    const after = t.client();
    after.sessionCookie = 'session=not-a-session';
    expect((await after.call('GET', `/app/meetings/${id}`)).text).toBe(INDEX_HTML);
    // Unshared, the reader's new session no longer gets it either.
    await put(owner, `${id}/remove-shared-user`, { email: 'page-reader@example.com' });
    const again = await signIn(t, 'page-reader@example.com');
    expect((await again.call('GET', `/app/meetings/${id}`)).text).toBe(INDEX_HTML);
    expect((await owner.call('GET', `/app/meetings/${id}`)).text).toContain(
      '<p class="empty">Not shared with anyone</p>',
    );
  });

  it('shows each user the first page of their own actions, as svc-actions indexed them', async () => {
    const owner = await signIn(t, 'actions-owner@example.com');
    const stranger = await signIn(t, 'actions-stranger@example.com');
    const created = await owner.call('POST', '/api/meetings/create', { title: 'Ops <sync>' });
    const id = (created.json.meeting as { id: string }).id;
    await put(owner, `${id}/add-action-item`, { text: 'Renew #certs & keys' });
    // The actions index follows the meeting over the bus.
    const page = await eventually(async () => {
      const answer = await owner.call('GET', '/app/actions');
      return answer.text.includes('Renew') ? answer : undefined;
    });
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.text).toContain(`<a href="/app/meetings/${id}">Ops &lt;sync&gt;</a>`);
    expect(page.text).toContain(
      '<span>Renew </span><span class="chip" data-hashtag="certs">#certs</span><span> &amp; keys</span>',
    );
    const theirs = await stranger.call('GET', '/app/actions');
    expect(theirs.text).toContain('<h1>Actions</h1><div class="groups"></div>');
    expect(theirs.text).not.toContain('Renew');
  });
});
