import Box from '@mui/material/Box';
import { sortByOrder } from '@meetings/domain';
import { ActionRow, type ActionRowProps } from '@meetings/shell-context/ui';
import { EmptyListText } from './EmptyListText.js';

/** An agenda item or action as its checkbox row shows it. */
export interface ItemRow {
  id: string;
  text: string;
  completed: boolean;
  order?: number;
  hashtags?: readonly string[];
  /** Actions only: shown after the text when set. */
  assignee?: string | null;
  dueDate?: string | null;
}

const NO_HASHTAGS: readonly string[] = [];

/** What a row shows of `item` (agenda items have no hashtags). */
export function rowAction(item: ItemRow): ActionRowProps['action'] {
  return { ...item, hashtags: item.hashtags ?? NO_HASHTAGS };
}

/**
 * Items in order as checkbox rows; without `onToggle` the boxes are disabled. With `empty`, no
 * items show that text instead of the list.
 */
export function ItemRows<T extends ItemRow>({
  items,
  label,
  onToggle,
  empty,
}: {
  items: readonly T[];
  label?: string;
  onToggle?: (item: T, completed: boolean) => void;
  empty?: string;
}) {
  if (empty !== undefined && items.length === 0) return <EmptyListText>{empty}</EmptyListText>;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {sortByOrder(items).map((item) => (
        <li key={item.id}>
          <ActionRow
            action={rowAction(item)}
            onToggle={onToggle ? (completed) => onToggle(item, completed) : undefined}
          />
        </li>
      ))}
    </Box>
  );
}
