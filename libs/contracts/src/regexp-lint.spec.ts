import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The repository's own lint configuration on a snippet, as `npm run lint` would see it at `filePath`. */
async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('the lint rejects patterns that backtrack', () => {
  it('in contracts, services and front ends', { timeout: 60_000 }, async () => {
    const snippets = {
      nested: 'export const NESTED = /^(a+)+$/;',
      overlapping: 'export const SHAPE = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/;',
      search: 'export const lastWord = (text: string) => /(\\S+)$/.exec(text);',
    };
    const expected = {
      nested: 'regexp/no-super-linear-backtracking',
      overlapping: 'regexp/no-super-linear-backtracking',
      search: 'regexp/no-super-linear-move',
    };
    for (const file of [
      'libs/contracts/src/probe.ts',
      'svc-auth/src/probe.ts',
      'mfe-meetings/src/probe.tsx',
    ]) {
      for (const [name, code] of Object.entries(snippets)) {
        expect(await ruleIds(code, file), `${name} in ${file}`).toContain(
          expected[name as keyof typeof expected],
        );
      }
    }
  });

  it('and passes the linear rewrite of the e-mail shape', { timeout: 60_000 }, async () => {
    const code = 'export const SHAPE = /^[^\\s@]+@[^\\s@][^\\s@.]*\\.[^\\s@]+$/;';
    expect(await ruleIds(code, 'libs/contracts/src/probe.ts')).toEqual([]);
  });
});
