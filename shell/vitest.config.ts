import { mergeConfig } from 'vitest/config';
import { providedSingletonVersions } from '../libs/federation/index.mjs';
import { reactProject } from '../vitest.shared.ts';

// The build writes the provided singleton versions in; tests get the same values.
export default mergeConfig(reactProject('@meetings/shell'), {
  define: {
    __SHELL_SINGLETON_VERSIONS__: JSON.stringify(providedSingletonVersions(import.meta.dirname)),
  },
});
