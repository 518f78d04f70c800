import { describe, expect, it } from 'vitest';
import {
  findIncompatibility,
  incompatibilities,
  RemoteIncompatibleError,
  remoteCompatibilityPlugin,
} from './compatibility.js';

const provided = { react: '19.3.1', 'react-dom': '19.3.1', '@mui/material': '9.5.0' };

describe('remote compatibility', () => {
  it('accepts a remote whose singletons the shell satisfies', () => {
    expect(
      incompatibilities(
        {
          shared: [
            { name: 'react', singleton: true, requiredVersion: '^19.0.0' },
            { name: '@mui/material', singleton: true, requiredVersion: '^9.5.0' },
            { name: 'date-fns', singleton: false, requiredVersion: '^5.0.0' },
          ],
        },
        provided,
      ),
    ).toEqual([]);
  });

  it('refuses a remote built for another major version', () => {
    expect(
      incompatibilities(
        { shared: [{ name: 'react', singleton: true, requiredVersion: '^20.0.0' }] },
        provided,
      ),
    ).toEqual([{ pkg: 'react', required: '^20.0.0', provided: '19.3.1' }]);
  });

  it('stops the load in the runtime hook with an error the slot can explain', async () => {
    const plugin = remoteCompatibilityPlugin(provided);
    const args = {
      moduleInfo: { name: 'mfe_actions' },
      manifestJson: {
        shared: [{ name: 'react-dom', singleton: true, requiredVersion: '^20.1.0' }],
      },
    };
    const hook = plugin.loadRemoteSnapshot as unknown as (a: typeof args) => Promise<unknown>;
    const error = await hook(args).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteIncompatibleError);
    expect(findIncompatibility(new Error('wrapped', { cause: error }))).toBe(error);
    expect((error as Error).message).toBe(
      'mfe_actions needs react-dom ^20.1.0, but this app provides react-dom 19.3.1.',
    );
  });
});
