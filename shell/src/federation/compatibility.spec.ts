import { describe, expect, it } from 'vitest';
import {
  findIncompatibility,
  incompatibilities,
  RemoteIncompatibleError,
  remoteCompatibilityPlugin,
} from './compatibility.js';

/** The shell's shared modules as the federation runtime holds them. */
const provided = {
  react: [{ version: '19.3.1' }],
  'react-dom': [{ version: '19.3.1' }],
  '@mui/material/Button': [{ version: '9.5.0' }],
};

/** The compatibility hook, called as the runtime calls it with a remote's manifest. */
function refusal(manifestShared: { name: string; singleton: boolean; requiredVersion: string }[]) {
  const hook = remoteCompatibilityPlugin().loadRemoteSnapshot as unknown as (
    args: object,
  ) => Promise<unknown>;
  return hook({
    options: { shared: provided },
    moduleInfo: { name: 'mfe_actions' },
    manifestJson: { shared: manifestShared },
  }).catch((error: unknown) => error);
}

describe('remote compatibility', () => {
  it('accepts a remote whose singletons the shell satisfies', () => {
    expect(
      incompatibilities(
        {
          shared: [
            { name: 'react', singleton: true, requiredVersion: '^19.0.0' },
            { name: '@mui/material/Button', singleton: true, requiredVersion: '^9.5.0' },
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
    const error = await refusal([
      { name: 'react-dom', singleton: true, requiredVersion: '^20.1.0' },
    ]);
    expect(error).toBeInstanceOf(RemoteIncompatibleError);
    expect(findIncompatibility(new Error('wrapped', { cause: error }))).toBe(error);
    expect((error as Error).message).toBe(
      'mfe_actions needs react-dom ^20.1.0, but this app provides react-dom 19.3.1.',
    );
  });

  it('checks the MUI modules the remotes share by their own keys, as the shell provides them', async () => {
    const error = await refusal([
      { name: '@mui/material/Button', singleton: true, requiredVersion: '^10.0.0' },
    ]);
    expect((error as Error).message).toBe(
      'mfe_actions needs @mui/material/Button ^10.0.0, but this app provides @mui/material/Button 9.5.0.',
    );
  });
});
