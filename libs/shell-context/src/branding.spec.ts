import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRANDING, loadBranding, normaliseBranding } from './branding.js';
import { jsonResponse } from './testing.js';

describe('branding', () => {
  it('keeps well-formed fields and defaults the rest', () => {
    expect(
      normaliseBranding({ productName: ' Acme Meetings ', primaryColor: 3, logoUrl: '/logo.svg' }),
    ).toEqual({
      ...DEFAULT_BRANDING,
      productName: 'Acme Meetings',
      logoUrl: '/logo.svg',
    });
    expect(normaliseBranding('nonsense')).toEqual(DEFAULT_BRANDING);
  });

  it('loads /branding.json and survives a failure', async () => {
    const ok = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ productName: 'Acme' }));
    await expect(loadBranding('/branding.json', ok)).resolves.toMatchObject({
      productName: 'Acme',
    });
    const down = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline'));
    await expect(loadBranding('/branding.json', down)).resolves.toEqual(DEFAULT_BRANDING);
    const missing = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({}, 404));
    await expect(loadBranding('/branding.json', missing)).resolves.toEqual(DEFAULT_BRANDING);
  });
});
