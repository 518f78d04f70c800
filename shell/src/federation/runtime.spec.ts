import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The federation runtime is replaced so each test sees exactly what reaches it.
const federation = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  preloadRemote: vi.fn(),
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

async function freshRuntime() {
  vi.resetModules();
  return import('./runtime.js');
}

describe('the federation runtime of the shell', () => {
  beforeEach(() => {
    for (const mock of Object.values(federation)) mock.mockReset();
    federation.preloadRemote.mockResolvedValue(undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(listed), { status: 200 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names the remote AppRoutes draws for each path', async () => {
    const { remoteForPath } = await import('../routing/paths.js');
    expect(remoteForPath('/')).toBe('mfe_onboarding');
    expect(remoteForPath('/login')).toBe('mfe_onboarding');
    expect(remoteForPath('/subscription-choice')).toBe('mfe_onboarding');
    expect(remoteForPath('/app')).toBe('mfe_meetings');
    expect(remoteForPath('/app/meetings/5f0c')).toBe('mfe_meetings');
    expect(remoteForPath('/app/actions')).toBe('mfe_actions');
    expect(remoteForPath('/app/actions/')).toBe('mfe_actions');
    expect(remoteForPath('/application')).toBe('mfe_onboarding');
  });

  it("registers the listed remotes once and starts loading the page's remote, and only that one", async () => {
    federation.loadRemote.mockReturnValue(new Promise(() => undefined));
    const { startRemotes } = await freshRuntime();
    const first = startRemotes('/app/meetings');
    expect(startRemotes('/somewhere-else')).toBe(first);
    await first;
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
    expect(federation.registerRemotes).toHaveBeenCalledExactlyOnceWith([
      { name: 'mfe_onboarding', entry: listed.mfe_onboarding },
      { name: 'mfe_meetings', entry: listed.mfe_meetings },
    ]);
    expect(federation.preloadRemote).toHaveBeenCalledExactlyOnceWith([
      { nameOrAlias: 'mfe_meetings', exposes: ['./App'], resourceCategory: 'sync' },
    ]);
    expect(federation.loadRemote).toHaveBeenCalledExactlyOnceWith('mfe_meetings/App');
  });

  it('hands the load it started to the first loadRemoteApp, and loads afresh after that', async () => {
    const App = () => null;
    federation.loadRemote.mockResolvedValue({ default: App });
    const { startRemotes, loadRemoteApp } = await freshRuntime();
    await startRemotes('/app/meetings/5f0c');
    await expect(loadRemoteApp('mfe_meetings')).resolves.toEqual({ default: App });
    expect(federation.loadRemote).toHaveBeenCalledTimes(1);
    await expect(loadRemoteApp('mfe_meetings')).resolves.toEqual({ default: App });
    expect(federation.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('hands a load that failed before React to the first loadRemoteApp as its failure', async () => {
    federation.loadRemote.mockRejectedValue(new Error('remoteEntry.js answered 503'));
    const { startRemotes, loadRemoteApp } = await freshRuntime();
    await startRemotes('/');
    await expect(loadRemoteApp('mfe_onboarding')).rejects.toThrow('remoteEntry.js answered 503');
    expect(federation.loadRemote).toHaveBeenCalledOnce();
  });

  it('leaves a failed preload to the load that follows', async () => {
    federation.preloadRemote.mockRejectedValue(new Error('remoteEntry.js answered 503'));
    const App = () => null;
    federation.loadRemote.mockResolvedValue({ default: App });
    const { startRemotes, loadRemoteApp } = await freshRuntime();
    await startRemotes('/');
    await expect(loadRemoteApp('mfe_onboarding')).resolves.toEqual({ default: App });
    expect(federation.loadRemote).toHaveBeenCalledExactlyOnceWith('mfe_onboarding/App');
  });

  it('does not preload or load a remote /remotes.json does not list', async () => {
    const { startRemotes, loadRemoteApp, RemoteUnavailableError } = await freshRuntime();
    await startRemotes('/app/actions');
    expect(federation.preloadRemote).not.toHaveBeenCalled();
    await expect(loadRemoteApp('mfe_actions')).rejects.toBeInstanceOf(RemoteUnavailableError);
    expect(federation.loadRemote).not.toHaveBeenCalled();
  });

  it('gives up on a remote that does not answer in time, and registers it afresh for a retry', async () => {
    federation.loadRemote.mockReturnValue(new Promise(() => undefined));
    const { startRemotes, loadRemoteApp, resetRemote, RemoteUnavailableError } =
      await freshRuntime();
    await startRemotes('/');
    await expect(loadRemoteApp('mfe_onboarding', 20)).rejects.toBeInstanceOf(
      RemoteUnavailableError,
    );
    resetRemote('mfe_onboarding');
    expect(federation.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mfe_onboarding', entry: listed.mfe_onboarding }],
      { force: true },
    );
  });
});
