// One place that says how a package's tests run, so every package's vitest.config.ts stays a line long.
import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

const sourceConditions = ['@meetings/source', 'node', 'default'];

/** Node tests; `decorators` compiles with swc so Nest gets its decorator metadata. */
export function nodeProject(
  name: string,
  options: { decorators?: boolean } = {},
): UserWorkspaceConfig {
  return defineProject({
    plugins: options.decorators
      ? [
          swc.vite({
            module: { type: 'es6' },
            jsc: {
              target: 'es2023',
              parser: { syntax: 'typescript', decorators: true },
              transform: {
                legacyDecorator: true,
                decoratorMetadata: true,
                useDefineForClassFields: false,
              },
            },
          }),
        ]
      : [],
    resolve: { conditions: sourceConditions },
    ssr: { resolve: { conditions: sourceConditions } },
    test: {
      name,
      environment: 'node',
      // *.real.spec.ts need the real servers and run only in `npm run test:real`.
      include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
      exclude:
        process.env.TEST_REAL === '1'
          ? ['**/node_modules/**']
          : ['**/node_modules/**', '**/*.real.spec.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // Files share a worker's loaded modules: each starts its own services on its own database
      // and closes them, so nothing a file leaves in a module is read by the next. Importing
      // Nest, TypeORM and PGlite afresh for every file was most of the run's time.
      isolate: false,
    },
  });
}

/** React tests in jsdom; a file marked `@vitest-environment node` runs as the server would. */
export function reactProject(name: string): UserWorkspaceConfig {
  return defineProject({
    resolve: { conditions: ['@meetings/source', 'browser', 'module', 'import', 'default'] },
    ssr: { resolve: { conditions: sourceConditions } },
    test: {
      name,
      environment: 'jsdom',
      // Isolated still, one worker thread per file: a thread starts faster than a process.
      pool: 'threads',
      include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx', 'test/**/*.spec.tsx'],
      setupFiles: [fileURLToPath(new URL('./vitest.react-setup.ts', import.meta.url))],
      testTimeout: 20_000,
    },
  });
}
