import { AUTH_TOKEN_STORAGE_KEY } from '@meetings/shell-context';
import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Verify } from './Verify.js';

const EMAIL = 'pm@example.com';

function boxes(): HTMLInputElement[] {
  return [1, 2, 3, 4, 5, 6].map(
    (n) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement,
  );
}

const code = () =>
  boxes()
    .map((box) => box.value)
    .join('');

function setup(routes: Parameters<typeof fakeApi>[0] = {}) {
  const fetch = fakeApi(routes);
  const services = createTestServices({ fetch, currentPath: () => '/verify' });
  const view = renderWithShell(<Verify />, {
    route: { pathname: '/verify', state: { email: EMAIL } },
    path: '/verify',
    services,
  });
  return { ...view, fetch, user: userEvent.setup() };
}

describe('/verify', () => {
  beforeEach(() => localStorage.clear());

  it('without an e-mail from /login goes back to /login', () => {
    renderWithShell(<Verify />, { route: '/verify', path: '/verify' });
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('moves to the next box on a digit and back on Backspace in an empty box', async () => {
    const { user } = setup();
    const [first, second, third] = boxes();
    expect(document.activeElement).toBe(first);
    await user.keyboard('4');
    expect(document.activeElement).toBe(second);
    await user.keyboard('2');
    expect(document.activeElement).toBe(third);
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(second);
    expect(code()).toBe('42');
  });

  it('ignores letters', async () => {
    const { user } = setup();
    await user.keyboard('a');
    expect(code()).toBe('');
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('paste strips non-digits and fills the six boxes', async () => {
    const { user } = setup();
    await user.click(boxes()[2]!);
    await user.paste('12a3 4-56789');
    expect(code()).toBe('123456');
  });

  it('asks for all 6 digits before calling the server', async () => {
    const { user, fetch } = setup();
    await user.keyboard('12345');
    await user.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter all 6 digits');
    expect(fetch.calls).toHaveLength(0);
  });

  it('shows the server message, clears the boxes and focuses the first on a wrong code', async () => {
    const { user, fetch } = setup({
      'POST /auth/validate-otp': () =>
        jsonResponse(
          {
            statusCode: 401,
            code: 'AUTH_INVALID_CODE',
            error: 'Too many wrong codes. Please request a new code.',
            message: '',
          },
          401,
        ),
    });
    await user.paste('654321');
    await user.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many wrong codes. Please request a new code.',
    );
    expect(fetch.calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/validate-otp',
      body: { email: EMAIL, code: '654321' },
    });
    expect(code()).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(boxes()[0]));
  });

  it('falls back to "Invalid or expired verification code" without a server text', async () => {
    const { user } = setup({
      'POST /auth/validate-otp': () => new Response(null, { status: 500 }),
    });
    await user.paste('654321');
    await user.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid or expired verification code',
    );
  });

  it('shows an unsuccessful answer\'s message, or "Verification failed"', async () => {
    const { user } = setup({
      'POST /auth/validate-otp': () => jsonResponse({ success: false, message: '' }),
    });
    await user.paste('654321');
    await user.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Verification failed');
  });

  it('on success keeps the token and goes to /app/meetings after about half a second', async () => {
    const { user, services } = setup({
      'POST /auth/validate-otp': () =>
        jsonResponse({
          success: true,
          message: 'Login successful',
          token: 'tok-1',
          user: { id: 'u', email: EMAIL },
        }),
    });
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify & Login' }));
    await waitFor(() => expect(services.auth.getSnapshot().authenticated).toBe(true));
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('tok-1');
    expect(screen.getByTestId('location').textContent).toBe('/verify');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/meetings'), {
      timeout: 2000,
    });
  });

  it('resend clears the boxes and the error, and reports a failure', async () => {
    const { user, fetch } = setup({
      'POST /auth/validate-otp': () =>
        jsonResponse({ error: 'Invalid or expired verification code' }, 401),
      'POST /auth/request-otp': () => jsonResponse({ error: 'down' }, 503),
    });
    await user.paste('111111');
    await user.click(screen.getByRole('button', { name: 'Verify & Login' }));
    await screen.findByRole('alert');
    await user.paste('222');
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(code()).toBe('');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to resend verification code',
    );
    expect(fetch.calls.at(-1)).toMatchObject({ path: '/auth/request-otp', body: { email: EMAIL } });
  });
});
