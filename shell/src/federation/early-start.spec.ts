import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The federation runtime is replaced so each test sees exactly which loads reach it.
const federation = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerPlugins: vi.fn(),
  registerRemotes: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...federation,
}));

const listed = {
  mfe_onboarding: 'http://shell.test/remotes/mfe-onboarding/mf-manifest.json',
  mfe_meetings: 'http://shell.test/remotes/mfe-meetings/mf-manifest.json',
};

async function freshModules() {
  vi.resetModules();
  const early = await import('./early-start.js');
  const runtime = await import('./runtime.js');
  return { ...early, ...runtime };
}

describe('early start of the page remote', () => {
  beforeEach(() => {
    federation.loadRemote.mockReset();
    federation.registerPlugins.mockReset();
    federation.registerRemotes.mockReset();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(listed), { status: 200 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names the remote AppRoutes draws for each path', async () => {
    const { remoteForPath } = await freshModules();
    expect(remoteForPath('/')).toBe('mfe_onboarding');
    expect(remoteForPath('/login')).toBe('mfe_onboarding');
    expect(remoteForPath('/subscription-choice')).toBe('mfe_onboarding');
    expect(remoteForPath('/app')).toBe('mfe_meetings');
    expect(remoteForPath('/app/meetings/5f0c')).toBe('mfe_meetings');
    expect(remoteForPath('/app/actions')).toBe('mfe_actions');
    expect(remoteForPath('/app/actions/')).toBe('mfe_actions');
    expect(remoteForPath('/application')).toBe('mfe_onboarding');
  });

  it('registers the remotes once and hands the early load to the page', async () => {
    const App = () => null;
    federation.loadRemote.mockResolvedValue({ default: App });
    const { startRemotes, loadRemoteApp } = await freshModules();

    const first = startRemotes('/app/meetings');
    expect(startRemotes('/somewhere-else')).toBe(first);
    await first;
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
    expect(federation.registerRemotes).toHaveBeenCalledWith([
      { name: 'mfe_onboarding', entry: listed.mfe_onboarding },
      { name: 'mfe_meetings', entry: listed.mfe_meetings },
    ]);
    expect(federation.loadRemote).toHaveBeenCalledExactlyOnceWith('mfe_meetings/App');

    await expect(loadRemoteApp('mfe_meetings')).resolves.toEqual({ default: App });
    expect(federation.loadRemote).toHaveBeenCalledTimes(1);
    // A second mount (or a retry) loads through the runtime again.
    await loadRemoteApp('mfe_meetings');
    expect(federation.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('loads again when the early load failed before the page could show a fallback', async () => {
    const App = () => null;
    federation.loadRemote
      .mockRejectedValueOnce(new Error('remoteEntry.js answered 503'))
      .mockResolvedValueOnce({ default: App });
    const { startRemotes, loadRemoteApp } = await freshModules();
    await startRemotes('/');

    await expect(loadRemoteApp('mfe_onboarding')).resolves.toEqual({ default: App });
    expect(federation.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('does not start a remote /remotes.json does not list', async () => {
    const { startRemotes, loadRemoteApp, RemoteUnavailableError } = await freshModules();
    await startRemotes('/app/actions');
    expect(federation.loadRemote).not.toHaveBeenCalled();
    await expect(loadRemoteApp('mfe_actions')).rejects.toBeInstanceOf(RemoteUnavailableError);
  });

  it('forgets an early load when the remote is reset for a retry', async () => {
    federation.loadRemote.mockReturnValue(new Promise(() => undefined));
    const { startRemotes, resetRemote, loadRemoteApp } = await freshModules();
    await startRemotes('/');
    resetRemote('mfe_onboarding');
    federation.loadRemote.mockResolvedValue({ default: () => null });
    await expect(loadRemoteApp('mfe_onboarding', 1_000)).resolves.toHaveProperty('default');
    expect(federation.loadRemote).toHaveBeenCalledTimes(2);
  });
});
