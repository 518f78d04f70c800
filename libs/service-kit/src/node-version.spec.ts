import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NODE_MAJOR, nodeVersionProblem } from '../node-version.mjs';

const guard = fileURLToPath(new URL('../node-version.mjs', import.meta.url));
const root = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

describe('the Node.js version guard', () => {
  it('runs the tests themselves on the required Node.js', () => {
    expect(process.versions.node.split('.')[0]).toBe(String(NODE_MAJOR));
  });

  it('asks for the major version the project installs and declares', () => {
    expect(root.devDependencies['node']?.split('.')[0]).toBe(String(NODE_MAJOR));
    expect(root.engines.node).toBe(`>=${NODE_MAJOR}`);
  });

  it('refuses older versions with a message that says what to do', () => {
    expect(nodeVersionProblem('20.20.2')).toBe(
      `This product needs Node.js ${NODE_MAJOR} or newer; this is v20.20.2. ` +
        'Run it through npm (npm start, npm test), which uses the Node.js the project installs.',
    );
    expect(nodeVersionProblem(`${NODE_MAJOR - 1}.99.0`)).toContain('needs Node.js');
  });

  it('accepts the required major and newer ones', () => {
    expect(nodeVersionProblem(`${NODE_MAJOR}.0.0`)).toBeNull();
    expect(nodeVersionProblem(`${NODE_MAJOR + 2}.1.0`)).toBeNull();
  });

  it('stops a process on an older version before anything else runs', () => {
    const script =
      "Object.defineProperty(process.versions, 'node', { value: '20.20.2' });" +
      `await import(${JSON.stringify(guard)}); console.log('still running');`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('needs Node.js 24 or newer; this is v20.20.2');
  });
});
