import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const RULE = '@typescript-eslint/no-restricted-imports';

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('the lint keeps dependencies pointing one way', () => {
  it('refuses a library importing an app, by package or by path', { timeout: 60_000 }, async () => {
    for (const code of [
      "import { startAuthService } from '@meetings/svc-auth';\nstartAuthService();",
      "import { startPlatform } from '@meetings/embedded';\nstartPlatform();",
      "import { x } from '../../../gateway/src/app.js';\nx();",
    ]) {
      expect(await ruleIds(code, 'libs/service-kit/src/probe.ts'), code).toContain(RULE);
    }
  });

  it('refuses an app importing another app', { timeout: 60_000 }, async () => {
    const code =
      "import { startMeetingsService } from '@meetings/svc-meetings';\nstartMeetingsService();";
    expect(await ruleIds(code, 'svc-actions/src/probe.ts')).toContain(RULE);
    const front = "import App from '@meetings/mfe-actions/App';\nApp();";
    expect(await ruleIds(front, 'mfe-meetings/src/probe.tsx')).toContain(RULE);
  });

  it('lets harnesses use package exports but not files by path', { timeout: 60_000 }, async () => {
    const byPackage = "import { startAuthService } from '@meetings/svc-auth';\nstartAuthService();";
    expect(await ruleIds(byPackage, 'embedded/src/probe.ts')).not.toContain(RULE);
    expect(await ruleIds(byPackage, 'bench/src/probe.mjs')).not.toContain(RULE);
    const byPath = "import { x } from '../../svc-auth/src/app.js';\nx();";
    expect(await ruleIds(byPath, 'reliability/support/probe.ts')).toContain(RULE);
    const byBuild = "import { x } from '../../svc-actions/dist/actions/actions-query.js';\nx();";
    expect(await ruleIds(byBuild, 'bench/src/probe.mjs')).toContain(RULE);
    const bySubpath = "import { x } from '@meetings/svc-actions/queries';\nx();";
    expect(await ruleIds(bySubpath, 'bench/src/probe.mjs')).not.toContain(RULE);
  });

  it('lets apps import libraries', { timeout: 60_000 }, async () => {
    const code = "import { IdSchema } from '@meetings/contracts';\nIdSchema.parse('x');";
    expect(await ruleIds(code, 'svc-auth/src/probe.ts')).not.toContain(RULE);
  });
});
