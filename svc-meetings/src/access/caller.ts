import type { AuthUser } from '@meetings/service-kit';

/** Who is asking: a signed-in user, with the internal token that vouches for them. */
export interface Caller {
  id: string;
  email: string;
  token: string;
  /** The caller's IANA time zone (the internal token's `tz`): a repeat rule set now is read in it. */
  timeZone: string;
}

export function callerOf(user: Pick<AuthUser, 'id' | 'email' | 'token' | 'timeZone'>): Caller {
  return {
    id: user.id,
    email: user.email.trim().toLowerCase(),
    token: user.token,
    timeZone: user.timeZone,
  };
}
