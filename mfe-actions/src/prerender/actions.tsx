// The actions page as a template and parts, for the shell's server to fill in with the first
// page of one user's actions per request (gateway/src/actions-page.ts): the page's own
// components, so what paints from the HTML is what the app then shows.
import Skeleton from '@mui/material/Skeleton';
import {
  PAGE_DATA_TOKENS as T,
  type PrerenderedActionsPage,
  type PrerenderedPage,
} from '@meetings/contracts';
import { prerenderedNode } from '@meetings/shell-context/prerender';
import { HashtagChip } from '@meetings/shell-context/ui';
import type { ReactNode } from 'react';
import { ActionsPage } from '../App.js';
import { ActionEntry, MeetingGroup } from '../components/ActionList.js';
import { ACTIONS_PATH } from '../paths.js';

const render = (node: ReactNode, baseline = false): PrerenderedPage =>
  prerenderedNode(node, { path: ACTIONS_PATH, baseline });

const toggle = () => undefined;

export function prerenderedActionsPage(): PrerenderedActionsPage {
  return {
    page: render(<ActionsPage list={T.groups} />, true),
    parts: {
      // The date stays a placeholder: the server does not know the reader's time zone.
      group: render(
        <MeetingGroup
          meetingId={T.id}
          headingId={`actions-${T.id}`}
          label={
            <>
              {T.title} - <Skeleton variant="text" width={88} sx={{ display: 'inline-block' }} />
            </>
          }
        >
          {T.items}
        </MeetingGroup>,
      ),
      openItem: render(
        <ActionEntry action={{ text: T.text, completed: false, hashtags: [] }} onToggle={toggle} />,
      ),
      completedItem: render(
        <ActionEntry action={{ text: T.text, completed: true, hashtags: [] }} onToggle={toggle} />,
      ),
      hashtag: render(<HashtagChip text={`#${T.hashtag}`} tag={T.hashtag} />),
    },
  };
}
