import type { Configuration } from '@rspack/core';
import type { Configuration as DevServerConfiguration } from '@rspack/dev-server';

export { EXPOSED_APP, REMOTES, SHELL_DEV_PORT, remoteByName } from './remotes.mjs';

export declare const SINGLETON_SHARE_KEYS: readonly string[];
export declare const SHELL_PROVIDED_MUI_MODULES: readonly string[];

export interface AppPackageJson {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface SharedSingleton {
  singleton: true;
  eager: false;
  requiredVersion: string;
  /** Shell only: an absolute module path, provided even where the shell does not import it. */
  import?: string;
  shareKey?: string;
  version?: string;
}

export declare function sharedDependencies(
  packageJson: AppPackageJson,
  options?: { isHost?: boolean },
): Record<string, SharedSingleton>;

export interface AppConfigOptions {
  /** Module Federation name (mfe_onboarding, ..., or shell). */
  name: string;
  /** The app's package directory. */
  dir: string;
  exposes?: Record<string, string>;
  isHost?: boolean;
  /** Dev server port. */
  port: number;
  /**
   * Production only: pages rendered once at build time (`<name>.html`), each with its own small
   * script and no app; built apart from the app, after it, into the same folder.
   */
  staticPages?: Record<string, { render: string; script: string }>;
}

export type AppConfiguration = Configuration & { devServer?: DevServerConfiguration };

/** The app's configuration; with static pages in production, the app's and then theirs. */
export declare function createAppConfig(
  options: AppConfigOptions,
): (env: unknown, argv?: { mode?: string }) => AppConfiguration | AppConfiguration[];
