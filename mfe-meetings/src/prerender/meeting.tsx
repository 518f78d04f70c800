// The meeting page as tokens and parts, for the shell's server to fill in with one meeting per
// request (gateway/src/meeting-page.ts): built from the read-only variant's own components, so
// the page painted from the HTML is the one the app then shows for a reader.
import Skeleton from '@mui/material/Skeleton';
import {
  PAGE_DATA_TOKENS as T,
  MeetingMessages,
  type PrerenderedMeetingPage,
  type PrerenderedPage,
} from '@meetings/contracts';
import { prerenderedNode } from '@meetings/shell-context/prerender';
import { HashtagChip } from '@meetings/shell-context/ui';
import type { ReactNode } from 'react';
import { EmptyListText } from '../components/EmptyListText.js';
import { ItemEntry, ItemList } from '../components/ItemRows.js';
import { Section } from '../components/Section.js';
import { EmailChip, EmailList } from '../meeting/EmailChips.js';
import { MeetingLayout } from '../meeting/MeetingLayout.js';
import { MeetingPageFrame } from '../meeting/MeetingPageFrame.js';
import { NotesView } from '../meeting/notes/NotesView.js';
import { MEETINGS_PATH } from '../paths.js';
import { MeetingCopy } from '../texts.js';

const render = (node: ReactNode, baseline = false): PrerenderedPage =>
  prerenderedNode(node, { path: MEETINGS_PATH, baseline });

/**
 * The date and time stay placeholders: the server does not know the reader's time zone, the app
 * shows them in it.
 */
const page = (
  <MeetingPageFrame>
    <MeetingLayout
      title={T.title}
      date={<Skeleton variant="text" width={112} />}
      time={<Skeleton variant="text" width={48} />}
      sharedWith={T.sharedWith}
      agenda={<Section title={MeetingCopy.agendaHeading}>{T.agenda}</Section>}
      notes={<NotesView html={T.notes} busy />}
      actions={<Section title={MeetingCopy.actionsHeading}>{T.actions}</Section>}
    />
  </MeetingPageFrame>
);

export function prerenderedMeetingPage(): PrerenderedMeetingPage {
  const itemList = (label: string, empty: string) => ({
    list: render(<ItemList label={label}>{T.items}</ItemList>),
    empty: render(<EmptyListText>{empty}</EmptyListText>),
  });
  return {
    framePath: MEETINGS_PATH,
    page: render(page, true),
    parts: {
      email: render(<EmailChip email={T.text} />),
      openItem: render(<ItemEntry item={{ text: T.text, completed: false }} />),
      completedItem: render(<ItemEntry item={{ text: T.text, completed: true }} />),
      hashtag: render(<HashtagChip text={`#${T.hashtag}`} tag={T.hashtag} />),
    },
    lists: {
      sharedWith: {
        list: render(<EmailList>{T.items}</EmailList>),
        empty: render(<EmptyListText>{MeetingMessages.notSharedWithAnyone}</EmptyListText>),
      },
      agenda: itemList(MeetingCopy.agendaHeading, MeetingMessages.noAgendaItems),
      actions: itemList(MeetingCopy.actionsHeading, MeetingMessages.noActions),
    },
  };
}
