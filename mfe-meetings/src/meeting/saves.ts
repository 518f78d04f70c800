import { createContext, useContext } from 'react';

/** Pending saves of a meeting page (title, notes), flushed before the meeting is duplicated. */
export interface MeetingSaves {
  register(flush: () => Promise<void>): () => void;
  flushAll(): Promise<void>;
}

export function createMeetingSaves(): MeetingSaves {
  const flushes = new Set<() => Promise<void>>();
  return {
    register(flush) {
      flushes.add(flush);
      return () => flushes.delete(flush);
    },
    async flushAll() {
      await Promise.allSettled([...flushes].map((flush) => flush()));
    },
  };
}

const NO_SAVES = createMeetingSaves();

export const MeetingSavesContext = createContext<MeetingSaves>(NO_SAVES);

export function useMeetingSaves(): MeetingSaves {
  return useContext(MeetingSavesContext);
}
