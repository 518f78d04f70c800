import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import type { ReactNode } from 'react';
import { ActionMeta } from './ActionMeta.js';
import { HashtagText } from './HashtagText.js';

export interface ActionRowAction {
  text: string;
  completed: boolean;
  hashtags: readonly string[];
  /** Lower-cased e-mail, or null/absent when nobody owes it. */
  assignee?: string | null;
  /** YYYY-MM-DD, or null/absent. */
  dueDate?: string | null;
}

export interface ActionRowProps {
  action: ActionRowAction;
  /** Ticks or unticks; without it the box is shown disabled. */
  onToggle?: (completed: boolean) => void;
  disabled?: boolean;
  /** Before the checkbox, e.g. a drag handle. */
  start?: ReactNode;
  /** After the text, e.g. edit and delete buttons. */
  end?: ReactNode;
  /** Replaces the assignee and due date shown after the text, e.g. with their editor. */
  meta?: ReactNode;
  /** Replaces the text, e.g. an inline editor. */
  children?: ReactNode;
  onTextClick?: () => void;
}

/**
 * One action: a checkbox, its text with hashtag chips, struck through when completed, then its
 * due date and assignee. Used by the
 * meeting page, the previous actions panel and the actions page.
 */
export function ActionRow({
  action,
  onToggle,
  disabled = false,
  start,
  end,
  children,
  onTextClick,
  meta,
}: ActionRowProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 40 }}>
      {start}
      <Checkbox
        size="small"
        checked={action.completed}
        disabled={disabled || !onToggle}
        onChange={(event) => onToggle?.(event.target.checked)}
        slotProps={{ input: { 'aria-label': action.text } }}
      />
      {children ?? (
        <Box
          component="span"
          onClick={onTextClick}
          sx={{
            flexGrow: 1,
            minWidth: 0,
            textDecoration: action.completed ? 'line-through' : 'none',
            // A chip is an inline box, which the row's line does not cross: strike its label too.
            '& .MuiChip-label': { textDecoration: action.completed ? 'line-through' : 'none' },
            color: action.completed ? 'text.secondary' : 'text.primary',
            cursor: onTextClick ? 'text' : 'default',
          }}
        >
          <HashtagText text={action.text} hashtags={action.hashtags} />
        </Box>
      )}
      {meta ?? (
        <ActionMeta
          assignee={action.assignee}
          dueDate={action.dueDate}
          completed={action.completed}
        />
      )}
      {end}
    </Box>
  );
}
