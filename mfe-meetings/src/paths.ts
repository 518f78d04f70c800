// Where this remote is mounted (docs/product.md, Screens and routes); links are absolute so they work from any page.
export const MEETINGS_PATH = '/app/meetings';
export const SUBSCRIPTION_CHOICE_PATH = '/subscription-choice';
export const CHANGE_SUBSCRIPTION_PATH = '/subscription-choice?change=true';

export function meetingPath(id: string): string {
  return `${MEETINGS_PATH}/${encodeURIComponent(id)}`;
}

/** The state a meeting opened from the list carries: its way back is Back, to the list as left. */
export const FROM_LIST = { fromList: true } as const;

export const cameFromList = (state: unknown): boolean => carries(state, 'fromList');

/** The state a meeting just created opens with: its agenda box takes the focus. */
export const NEW_MEETING_STATE = { created: true } as const;

export const isNewMeeting = (state: unknown): boolean => carries(state, 'created');

function carries(state: unknown, flag: 'fromList' | 'created'): boolean {
  return (
    typeof state === 'object' && state !== null && (state as Record<string, unknown>)[flag] === true
  );
}
