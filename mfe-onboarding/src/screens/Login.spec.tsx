import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Login } from './Login.js';

function setup(answer: () => Response | Promise<Response>) {
  const fetch = fakeApi({ 'POST /auth/request-otp': answer });
  const services = createTestServices({ fetch, currentPath: () => '/login' });
  const view = renderWithShell(<Login />, { route: '/login', path: '/login', services });
  return { ...view, services, fetch, user: userEvent.setup() };
}

async function submit(user: ReturnType<typeof userEvent.setup>, email = ' pm@example.com ') {
  await user.type(screen.getByLabelText(/Email/), email);
  await user.click(screen.getByRole('button', { name: 'Send Login Code' }));
}

describe('/login', () => {
  it('has one required e-mail field', () => {
    setup(() => jsonResponse({ success: true, message: '' }));
    const email = screen.getByLabelText(/Email/) as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
  });

  it('sends the code, says "Sending code..." meanwhile, then goes to /verify', async () => {
    let answer!: (response: Response) => void;
    const { user, fetch } = setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    await submit(user);
    expect(screen.getByRole('button', { name: 'Sending code...' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(fetch.calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/request-otp',
      body: { email: 'pm@example.com' },
    });
    answer(jsonResponse({ success: true, message: 'sent' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/verify'));
  });

  it('shows the server\'s error text in a toast titled "Error"', async () => {
    const { user, services } = setup(() =>
      jsonResponse(
        {
          statusCode: 429,
          code: 'AUTH_TOO_MANY_REQUESTS',
          error: 'Please wait before requesting another code.',
          message: 'x',
        },
        429,
      ),
    );
    await submit(user);
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        {
          kind: 'error',
          title: 'Error',
          description: 'Please wait before requesting another code.',
        },
      ]),
    );
    expect(screen.getByRole('button', { name: 'Send Login Code' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('falls back to "Failed to request OTP"', async () => {
    const { user, services } = setup(() => Promise.reject(new TypeError('offline')));
    await submit(user);
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'Failed to request OTP' },
      ]),
    );
  });
});
