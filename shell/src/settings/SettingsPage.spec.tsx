import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ShellServices } from '@meetings/shell-context';
import { SettingsPage, SettingsTexts } from './SettingsPage.js';

function setup(
  routes: Parameters<typeof fakeApi>[0],
  before?: (services: ShellServices) => Promise<unknown>,
) {
  const fetch = fakeApi(routes);
  const services = createTestServices({ fetch });
  const ready = before ? before(services) : Promise.resolve();
  return ready.then(() => {
    renderWithShell(<SettingsPage />, { route: '/app/settings', path: '/app/settings', services });
    return { fetch, services };
  });
}

const digestSwitch = async () =>
  (await screen.findByRole('switch', { name: SettingsTexts.dailyDigest })) as HTMLInputElement;

describe('the settings page', () => {
  it('shows the daily digest setting and turns it off and on again', async () => {
    const { fetch } = await setup({
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
    const { services } = await setup({
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
    await setup({ 'GET /auth/mail-settings': () => jsonResponse({ error: 'down' }, 503) });
    expect(await screen.findByText(SettingsTexts.loadFailed)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('shows the zone the status check gave and saves another picked from the list', async () => {
    const { fetch, services } = await setup(
      {
        'GET /auth/mail-settings': () => jsonResponse({ dailyDigest: true }),
        'GET /auth/status': () =>
          jsonResponse({
            authenticated: true,
            user: { id: 'u1', email: 'a@example.com' },
            timeZone: 'Europe/Paris',
          }),
        'PUT /auth/time-zone': (call) =>
          jsonResponse({ success: true, timeZone: (call.body as { timeZone: string }).timeZone }),
      },
      (services) => services.auth.status(),
    );
    const zone = (await screen.findByRole('combobox', {
      name: SettingsTexts.timeZone,
    })) as HTMLInputElement;
    expect(zone.value).toBe('Europe/Paris');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Asia/Tok');
    await userEvent.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }));
    await waitFor(() => expect(zone.value).toBe('Asia/Tokyo'));
    expect(fetch.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { timeZone: 'Asia/Tokyo' },
    ]);
    expect(services.auth.getSnapshot().timeZone).toBe('Asia/Tokyo');
    expect(services.toast.shown).toContainEqual(
      expect.objectContaining({ kind: 'success', title: SettingsTexts.timeZoneSaved }),
    );
  });

  it('keeps the zone and shows the refusal when it cannot be saved', async () => {
    const { services } = await setup(
      {
        'GET /auth/mail-settings': () => jsonResponse({ dailyDigest: true }),
        'GET /auth/status': () =>
          jsonResponse({ authenticated: true, user: null, timeZone: 'Europe/Paris' }),
        'PUT /auth/time-zone': () =>
          jsonResponse({ statusCode: 400, error: 'The time zone is refused.' }, 400),
      },
      (services) => services.auth.status(),
    );
    const zone = (await screen.findByRole('combobox', {
      name: SettingsTexts.timeZone,
    })) as HTMLInputElement;
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Asia/Tok');
    await userEvent.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }));
    await waitFor(() =>
      expect(services.toast.shown).toContainEqual(
        expect.objectContaining({ kind: 'error', description: 'The time zone is refused.' }),
      ),
    );
    expect(services.auth.getSnapshot().timeZone).toBe('Europe/Paris');
    await waitFor(() => expect(zone.value).toBe('Europe/Paris'));
  });
});
