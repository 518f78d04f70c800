import { REMOTES, REMOTES_MANIFEST_PATH, type RemoteName } from '@meetings/federation/remotes';

/** Remote name → absolute URL of its mf-manifest.json, as listed in /remotes.json. */
export type RemoteEntries = Partial<Record<RemoteName, string>>;

/** Keeps the known remotes with a usable URL, made absolute against the page. */
export function parseRemotesManifest(value: unknown, base: string): RemoteEntries {
  if (typeof value !== 'object' || value === null) return {};
  const listed = value as Record<string, unknown>;
  const entries: RemoteEntries = {};
  for (const { name } of REMOTES) {
    const url = listed[name];
    if (typeof url !== 'string' || !url) continue;
    try {
      entries[name] = new URL(url, base).href;
    } catch {
      // A malformed URL leaves that remote unavailable, not the shell.
    }
  }
  return entries;
}

/**
 * GET /remotes.json, never from cache, so a redeployed remote is picked up on the next visit. The
 * HTML preloads this very path and the request takes that answer.
 */
export async function fetchRemotesManifest(url = REMOTES_MANIFEST_PATH): Promise<RemoteEntries> {
  try {
    const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
    if (!response.ok) return {};
    return parseRemotesManifest(await response.json(), globalThis.location.href);
  } catch {
    return {};
  }
}
