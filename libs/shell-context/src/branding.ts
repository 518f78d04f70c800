import { DEFAULT_BRANDING, type Branding } from '@meetings/contracts';

export type { Branding };
/** Used when /branding.json cannot be read (zod-free module: nothing heavy reaches the page). */
export { DEFAULT_BRANDING };

const OPTIONAL_KEYS = ['logoUrl', 'faviconUrl', 'secondaryColor'] as const;
const REQUIRED_KEYS = ['productName', 'primaryColor', 'footerCredit'] as const;

/** Keeps only well-formed fields, so a broken branding file falls back to the defaults. */
export function normaliseBranding(value: unknown): Branding {
  const source =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const branding: Branding = { ...DEFAULT_BRANDING };
  for (const key of [...REQUIRED_KEYS, ...OPTIONAL_KEYS]) {
    const field = source[key];
    if (typeof field === 'string' && field.trim()) branding[key] = field.trim();
  }
  return branding;
}

/** GET /branding.json; any failure means the default branding. */
export async function loadBranding(
  url = '/branding.json',
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<Branding> {
  try {
    const response = await doFetch(url, { cache: 'no-cache', credentials: 'same-origin' });
    if (!response.ok) return { ...DEFAULT_BRANDING };
    return normaliseBranding(await response.json());
  } catch {
    return { ...DEFAULT_BRANDING };
  }
}
