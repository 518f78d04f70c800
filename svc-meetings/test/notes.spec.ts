import { NOTES_MAX_LENGTH } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_VECTORS } from '@meetings/testing/services';
import { Harness, testUser, type Client } from './harness.js';

let h: Harness;
let owner: Client;
beforeAll(async () => {
  h = await Harness.start();
  owner = h.as(testUser());
});
afterAll(async () => {
  await h?.close();
});

const updateNotes = (client: Client, id: string, notes: unknown) =>
  client.put(`/api/meetings/${id}/update-notes`, { notes });

describe('notes', () => {
  it('are stored sanitised and read back as stored', async () => {
    const { id } = await owner.create();
    const html =
      '<h1>Minutes</h1><p><strong>Agreed</strong> <a href="https://example.com">plan</a><img src=x onerror=alert(1)></p><script>alert(1)</script>';
    const response = await updateNotes(owner, id, html);
    expect(response.statusCode).toBe(200);
    const expected =
      '<h1>Minutes</h1><p><strong>Agreed</strong> <a href="https://example.com" target="_blank" rel="noopener noreferrer">plan</a></p>';
    expect(response.json()).toMatchObject({ meeting: { notes: expected } });
    expect((await owner.meeting(id)).notes).toBe(expected);
  });

  it('equal to an empty paragraph are stored as nothing', async () => {
    const { id } = await owner.create();
    await updateNotes(owner, id, '<p>Something</p>');
    expect(
      (await (await updateNotes(owner, id, '<p><br></p>')).json<{ meeting: { notes: string } }>())
        .meeting.notes,
    ).toBe('');
  });

  it('never keep anything executable from the XSS corpus', async () => {
    const { id } = await owner.create();
    const response = await updateNotes(
      owner,
      id,
      XSS_VECTORS.map((vector) => vector.html).join('\n'),
    );
    expect(response.statusCode).toBe(200);
    const { notes } = await owner.meeting(id);
    expect(notes).not.toMatch(
      /<\s*(script|iframe|object|embed|svg|math|style|form|base|meta|link)\b/i,
    );
    expect(notes).not.toMatch(/\son[a-z]+\s*=/i);
    expect(notes).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data:text)/i);
  });

  it('refuse what is not text, and more than the limit', async () => {
    const { id, version } = await owner.create();
    for (const notes of [42, null, ['<p>x</p>'], { html: 'x' }]) {
      expect((await updateNotes(owner, id, notes)).statusCode).toBe(400);
    }
    const tooLong = await updateNotes(owner, id, 'x'.repeat(NOTES_MAX_LENGTH + 1));
    expect(tooLong.statusCode).toBe(400);
    expect((await owner.meeting(id)).version).toBe(version);
  });

  it('accept a large pasted image up to the limit', async () => {
    const { id } = await owner.create();
    const image = `<p><img src="data:image/png;base64,${'A'.repeat(1_000_000)}"></p>`;
    const response = await updateNotes(owner, id, image);
    expect(response.statusCode).toBe(200);
    expect((await owner.meeting(id)).notes.length).toBeGreaterThan(1_000_000);
  });
});

describe('remote images in notes', () => {
  const pixel = '<p>seen<img src="https://tracker.example/p.gif?m=1"></p>';

  it('are dropped by default, so opening a shared meeting tells no one else', async () => {
    const { id } = await owner.create();
    expect((await updateNotes(owner, id, pixel)).statusCode).toBe(200);
    expect((await owner.meeting(id)).notes).toBe('<p>seen</p>');
  });

  it('are kept with NOTES_IMAGES=any', async () => {
    const any = await Harness.start({ env: { NOTES_IMAGES: 'any' } });
    try {
      const user = any.as(testUser());
      const { id } = await user.create();
      expect((await updateNotes(user, id, pixel)).statusCode).toBe(200);
      expect((await user.meeting(id)).notes).toContain(
        '<img src="https://tracker.example/p.gif?m=1"',
      );
    } finally {
      await any.close();
    }
  });
});
