import type { AuthUser } from '@meetings/service-kit';

/** Who is asking: a signed-in user, with the internal token that vouches for them. */
export type Caller = Pick<AuthUser, 'id' | 'email' | 'token' | 'timeZone'>;
