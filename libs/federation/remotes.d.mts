export type RemoteName = 'mfe_onboarding' | 'mfe_meetings' | 'mfe_actions';

export interface RemoteDescriptor {
  /** Module Federation container name, also the key in /remotes.json. */
  name: RemoteName;
  /** Package directory, also the path segment under /remotes/ where the gateway serves it. */
  dir: string;
  /** How the shell names it to people when it fails to load. */
  title: string;
  devPort: number;
}

export declare const REMOTES: readonly RemoteDescriptor[];
export declare const SHELL_DEV_PORT: number;
export declare const REMOTES_MANIFEST_PATH: '/remotes.json';
export declare const BRANDING_PATH: '/branding.json';
export declare const PRERENDERED_ROOT_ID: 'prerendered';
export declare const EXPOSED_APP: './App';
export declare function remoteByName(name: RemoteName): RemoteDescriptor;
