import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SettingsPage, SettingsTexts } from './SettingsPage.js';

function setup(routes: Parameters<typeof fakeApi>[0]) {
  const fetch = fakeApi(routes);
  const services = createTestServices({ fetch });
  renderWithShell(<SettingsPage />, { route: '/app/settings', path: '/app/settings', services });
  return { fetch, services };
}

const digestSwitch = async () =>
  (await screen.findByRole('switch', { name: SettingsTexts.dailyDigest })) as HTMLInputElement;

describe('the settings page', () => {
  it('shows the daily digest setting and turns it off and on again', async () => {
    const { fetch } = setup({
      'GET /auth/mail-settings': () => jsonResponse({ dailyDigest: true }),
      'PUT /auth/mail-settings': (call) => jsonResponse(call.body),
    });
    const toggle = await digestSwitch();
    expect(toggle.checked).toBe(true);
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    const puts = fetch.calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.body)).toEqual([{ dailyDigest: false }, { dailyDigest: true }]);
  });

  it('keeps the setting and says so when it cannot be saved', async () => {
    const { services } = setup({
      'GET /auth/mail-settings': () => jsonResponse({ dailyDigest: false }),
      'PUT /auth/mail-settings': () => jsonResponse({ error: 'down' }, 503),
    });
    const toggle = await digestSwitch();
    expect(toggle.checked).toBe(false);
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(services.toast.shown).toContainEqual(
        expect.objectContaining({ kind: 'error', description: SettingsTexts.saveFailed }),
      ),
    );
    expect(toggle.checked).toBe(false);
  });

  it('says when the settings cannot be loaded', async () => {
    setup({ 'GET /auth/mail-settings': () => jsonResponse({ error: 'down' }, 503) });
    expect(await screen.findByText(SettingsTexts.loadFailed)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
