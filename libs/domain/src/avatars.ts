import { AVATAR_MAX_SHARED } from '@meetings/contracts';

export const UNKNOWN_OWNER_EMAIL = 'unknown@unknown.com';

/** First two letters of the e-mail's local part in upper case, or "UN" without an e-mail. */
export function initials(email: string | null | undefined): string {
  const local = (email ?? '').split('@')[0]?.trim() ?? '';
  return local ? local.slice(0, 2).toUpperCase() : 'UN';
}

export interface AvatarStack {
  owner: string;
  shared: string[];
  /** How many more shared e-mails the "+N more" badge stands for (0: no badge). */
  more: number;
}

/** Owner first, then up to 4 distinct shared e-mails other than the owner, then the rest as a count. */
export function avatarStack(
  owner: string | { email?: string | null } | null | undefined,
  sharedWith: readonly string[],
): AvatarStack {
  const ownerEmail = (typeof owner === 'string' ? owner : owner?.email) || UNKNOWN_OWNER_EMAIL;
  const distinct = [...new Set(sharedWith.map((email) => email.trim().toLowerCase()))].filter(
    (email) => email && email !== ownerEmail.toLowerCase(),
  );
  return {
    owner: ownerEmail,
    shared: distinct.slice(0, AVATAR_MAX_SHARED),
    more: Math.max(0, distinct.length - AVATAR_MAX_SHARED),
  };
}
