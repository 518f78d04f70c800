import { ShellTexts } from '@meetings/contracts';
import { Paths } from '../routing/paths.js';

export const NAV_ITEMS = [
  { label: ShellTexts.navMeetings, to: Paths.meetings },
  { label: ShellTexts.navActions, to: Paths.actions },
] as const;
