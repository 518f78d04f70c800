import { describe, expect, it } from 'vitest';
import { bootFiles } from '../boot-preload.mjs';

interface FakeGroup {
  name?: string;
  origins: { module?: { identifier: () => string }; request?: string }[];
  getFiles: () => string[];
  childrenIterable: FakeGroup[];
}

const origin = (identifier: string) => ({ module: { identifier: () => identifier } });

function group(files: string[], identifier: string, children: FakeGroup[] = []): FakeGroup {
  return { origins: [origin(identifier)], getFiles: () => files, childrenIterable: children };
}

const consume = (key: string, files: string[], children: FakeGroup[] = []) =>
  group(
    files,
    `consume shared module (default) ${key}@^1.0.0 (singleton) (fallback: /x/${key})`,
    children,
  );
const provide = (key: string, files: string[], children: FakeGroup[] = []) =>
  group(files, `provide shared module (default) ${key}@1.0.0 = /x/${key}/index.js`, children);

function compilation(start: FakeGroup, others: FakeGroup[]) {
  start.name = 'bootstrap';
  return {
    namedChunkGroups: new Map([['bootstrap', start]]),
    chunkGroups: [start, ...others],
  } as unknown as Parameters<typeof bootFiles>[0];
}

describe('bootFiles', () => {
  it("lists the start's chunks and those of the provided copy of each shared module it consumes", () => {
    const reactConsume = consume('react', ['react-fallback.js']);
    const reactProvide = provide('react', ['react.js']);
    const muiButtonProvide = provide(
      '@mui/material/Button',
      ['button.js', 'button.css'],
      [consume('react', ['react-fallback.js'])],
    );
    const muiButtonConsume = consume('@mui/material/Button', ['button-fallback.js']);
    const start = group(['bootstrap.js'], 'swc-loader!/app/src/index.ts', [
      reactConsume,
      muiButtonConsume,
    ]);
    const files = bootFiles(compilation(start, [reactProvide, muiButtonProvide]), 'bootstrap');
    expect(files).toEqual(['bootstrap.js', 'react.js', 'button.js']);
  });

  it('takes the fallback where the build provides no copy, and follows its own consumes', () => {
    const inner = consume('scheduler', ['scheduler.js']);
    const start = group(['bootstrap.js'], 'swc-loader!/app/src/index.ts', [
      consume('notistack', ['notistack.js'], [inner]),
    ]);
    expect(bootFiles(compilation(start, []), 'bootstrap')).toEqual([
      'bootstrap.js',
      'notistack.js',
      'scheduler.js',
    ]);
  });

  it('leaves out lazy imports below the start, and their shared modules', () => {
    const lazyPage = group(['settings-page.js'], 'swc-loader!/app/src/routes.tsx', [
      consume('@mui/material/Table', ['table.js']),
    ]);
    const start = group(['bootstrap.js', 'shared.js'], 'swc-loader!/app/src/index.ts', [
      lazyPage,
      consume('react', ['react.js']),
    ]);
    expect(bootFiles(compilation(start, []), 'bootstrap')).toEqual([
      'bootstrap.js',
      'shared.js',
      'react.js',
    ]);
  });

  it('lists a file once, however many groups hold it, and ends on cycles', () => {
    const a: FakeGroup = consume('a', ['common.js', 'a.js']);
    const b: FakeGroup = consume('b', ['common.js', 'b.js'], [a]);
    a.childrenIterable.push(b);
    const start = group(['bootstrap.js'], 'x', [a, b]);
    expect(bootFiles(compilation(start, []), 'bootstrap')).toEqual([
      'bootstrap.js',
      'common.js',
      'a.js',
      'b.js',
    ]);
  });

  it('refuses a build without the named group', () => {
    expect(() =>
      bootFiles(
        { namedChunkGroups: new Map(), chunkGroups: [] } as unknown as Parameters<
          typeof bootFiles
        >[0],
        'bootstrap',
      ),
    ).toThrow(/no chunk group named bootstrap/);
  });
});
