import Box from '@mui/material/Box';
import { sortByOrder } from '@meetings/domain';
import { ActionRow } from '@meetings/shell-context/ui';
import type { ReactNode } from 'react';

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

/** The list checkbox rows go into. */
export function ItemList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {children}
    </Box>
  );
}

/** One item of an ItemList; without `onToggle` its box is disabled. */
export function ItemEntry({
  item,
  onToggle,
}: {
  item: Omit<ItemRow, 'id'>;
  onToggle?: (completed: boolean) => void;
}) {
  return (
    <li>
      <ActionRow action={{ ...item, hashtags: item.hashtags ?? NO_HASHTAGS }} onToggle={onToggle} />
    </li>
  );
}

/** Items in order as checkbox rows; without `onToggle` the boxes are disabled. */
export function ItemRows<T extends ItemRow>({
  items,
  label,
  onToggle,
}: {
  items: readonly T[];
  label?: string;
  onToggle?: (item: T, completed: boolean) => void;
}) {
  return (
    <ItemList label={label}>
      {sortByOrder(items).map((item) => (
        <ItemEntry
          key={item.id}
          item={item}
          onToggle={onToggle ? (completed) => onToggle(item, completed) : undefined}
        />
      ))}
    </ItemList>
  );
}
