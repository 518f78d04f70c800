// Renders pages of an app at build time: a second, Node-targeted compilation of one module whose
// default export returns the files to write (name -> JSON-serialisable data), run once after the
// browser build.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';

function compile(config) {
  return new Promise((resolve, reject) => {
    rspack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors())
        return reject(new Error(stats.toString({ all: false, errors: true, colors: false })));
      resolve();
    });
  });
}

/**
 * Writes `file` into the build's output folder: the result of the `entry` module's default
 * export, compiled for Node with the app's own resolution and loaders. A failure fails the build.
 */
export class PrerenderPlugin {
  /** @param {{ entry: string, resolve: object, rules: object[] }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrerenderPlugin', async () => {
      const { entry, resolve, rules } = this.options;
      const workDir = await mkdtemp(path.join(tmpdir(), 'prerender-'));
      try {
        await compile({
          context: compiler.context,
          mode: 'production',
          target: 'node',
          devtool: false,
          entry: { render: entry },
          output: { path: workDir, filename: '[name].cjs', library: { type: 'commonjs2' } },
          resolve,
          module: { rules },
          // One file, unminified: it runs once, here.
          optimization: { minimize: false, splitChunks: false },
          performance: { hints: false },
          infrastructureLogging: { level: 'error' },
          stats: 'errors-only',
        });
        const module = createRequire(import.meta.url)(path.join(workDir, 'render.cjs'));
        const render = module.default ?? module;
        const files = await render();
        for (const [name, data] of Object.entries(files)) {
          if (path.basename(name) !== name)
            throw new Error(`PrerenderPlugin: bad file name ${name}`);
          await writeFile(path.join(compiler.options.output.path, name), JSON.stringify(data));
        }
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    });
  }
}
