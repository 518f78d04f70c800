// Where this remote is mounted (spec §2 route map).
export const ACTIONS_PATH = '/app/actions';
