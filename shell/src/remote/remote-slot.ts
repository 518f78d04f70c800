import type { RemoteName } from '@meetings/federation/remotes';
import { createContext, useContext } from 'react';

export const RETRY_LABEL = 'Retry';

/** Which remote a slot holds and how to try loading it again. */
export interface RemoteSlot {
  name: RemoteName;
  title: string;
  retry: () => void;
}

export const RemoteSlotContext = createContext<RemoteSlot | null>(null);

export function useRemoteSlot(): RemoteSlot | null {
  return useContext(RemoteSlotContext);
}
