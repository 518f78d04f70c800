import type { AuthUser } from '@meetings/service-kit';

/** Who is asking: a signed-in user, or the user another service acts for. */
export interface Caller {
  id: string;
  email: string;
}

export function callerOf(user: Pick<AuthUser, 'id' | 'email'>): Caller {
  return { id: user.id, email: user.email.trim().toLowerCase() };
}
