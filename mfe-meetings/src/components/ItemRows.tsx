import Box from '@mui/material/Box';
import { sortByOrder } from '@meetings/domain';
import { ActionRow } from '@meetings/shell-context/ui';

export interface ItemRow {
  id: string;
  text: string;
  completed: boolean;
  order?: number;
  hashtags?: readonly string[];
}

const NO_HASHTAGS: readonly string[] = [];

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
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {sortByOrder(items).map((item) => (
        <li key={item.id}>
          <ActionRow
            action={{ ...item, hashtags: item.hashtags ?? NO_HASHTAGS }}
            onToggle={onToggle ? (completed) => onToggle(item, completed) : undefined}
          />
        </li>
      ))}
    </Box>
  );
}
