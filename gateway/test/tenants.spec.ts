import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_BRANDING } from '@meetings/contracts';
import { describe, expect, it } from 'vitest';
import { brandContrastWarnings, Tenants } from '../src/tenants.js';

function tenantsFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'tenants-')), 'tenants.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('brand colours that fail contrast', () => {
  it('are reported at start-up with the colour shown instead', () => {
    const tenants = new Tenants(
      tenantsFile({
        tenants: [
          {
            id: 'pale',
            hosts: ['pale.example'],
            branding: { primaryColor: '#ffdd00', secondaryColor: '#222222' },
          },
          { id: 'fine', hosts: ['fine.example'], branding: { primaryColor: '#1f5fbf' } },
        ],
      }),
    );
    expect(tenants.contrastWarnings).toEqual([
      'tenant pale: primaryColor #ffdd00 fails WCAG AA contrast on white; shown as #806f00',
    ]);
    // The brand itself is served as configured; the themes adjust it on screen.
    expect(tenants.brandingFor('pale.example').primaryColor).toBe('#ffdd00');
  });

  it('are not reported for the default brand', () => {
    expect(brandContrastWarnings('default brand', DEFAULT_BRANDING)).toEqual([]);
    expect(new Tenants().contrastWarnings).toEqual([]);
  });
});
