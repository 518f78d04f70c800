import { renderWithShell } from '@meetings/shell-context/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteApp } from './RemoteApp.js';
import { forgetRemoteComponents } from './remote-components.js';
import { RemoteIncompatibleError } from '../federation/compatibility.js';
import { PlainRemoteUnavailable } from './RemoteFallback.js';

const runtime = vi.hoisted(() => ({ loadRemoteApp: vi.fn(), resetRemote: vi.fn() }));
vi.mock('../federation/runtime.js', () => runtime);

function Remote() {
  return <h1>Actions remote</h1>;
}

function Crashing(): never {
  throw new Error('remote crashed');
}

describe('<RemoteApp>', () => {
  beforeEach(() => {
    forgetRemoteComponents();
    runtime.loadRemoteApp.mockReset();
    runtime.resetRemote.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows a spinner, then the remote', async () => {
    runtime.loadRemoteApp.mockResolvedValue({ default: Remote });
    renderWithShell(<RemoteApp name="mfe_meetings" />);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Actions remote' })).toBeTruthy();
  });

  it('a remote that fails to load shows a fallback; Retry loads it afresh', async () => {
    runtime.loadRemoteApp
      .mockRejectedValueOnce(new Error('timeout'))
      .mockResolvedValueOnce({ default: Remote });
    renderWithShell(<RemoteApp name="mfe_actions" />);
    expect(await screen.findByText('Actions could not be loaded')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Actions remote' })).toBeTruthy();
    expect(runtime.resetRemote).toHaveBeenCalledWith('mfe_actions');
    expect(runtime.loadRemoteApp).toHaveBeenCalledTimes(2);
  });

  it('a remote refused as incompatible says why', async () => {
    runtime.loadRemoteApp.mockRejectedValue(
      new RemoteIncompatibleError('mfe_onboarding', [
        { pkg: 'react', required: '^20.0.0', provided: '19.3.1' },
      ]),
    );
    renderWithShell(<RemoteApp name="mfe_onboarding" />);
    expect(await screen.findByText('Onboarding cannot be shown')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'was built for react ^20.0.0, but MeetingKeeper provides react 19.3.1',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('a remote that crashes while rendering is contained', async () => {
    runtime.loadRemoteApp.mockResolvedValue({ default: Crashing });
    renderWithShell(
      <>
        <RemoteApp name="mfe_meetings" />
        <p>rest of the shell</p>
      </>,
    );
    expect(await screen.findByText('Meetings could not be loaded')).toBeTruthy();
    expect(screen.getByText('rest of the shell')).toBeTruthy();
  });

  it("without the shell's own notice (offline), still says so and offers Retry", async () => {
    const retry = vi.fn();
    renderWithShell(<PlainRemoteUnavailable title="Actions" retry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('Actions could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
