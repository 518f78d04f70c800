import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { DueFilter } from '@meetings/contracts';
import { ActionsCopy } from '../texts.js';
import type { UrlFilters } from '../url-filters.js';

type ChipFilters = Pick<UrlFilters, 'assignee' | 'due' | 'sort'>;

const DUE_CHIPS: readonly { due: DueFilter; label: string }[] = [
  { due: 'overdue', label: ActionsCopy.overdue },
  { due: 'week', label: ActionsCopy.dueThisWeek },
  { due: 'none', label: ActionsCopy.noDueDate },
];

function FilterChip({
  label,
  pressed,
  onToggle,
}: {
  label: string;
  pressed: boolean;
  onToggle: () => void;
}) {
  return (
    <Chip
      label={label}
      clickable
      role="button"
      aria-pressed={pressed}
      color={pressed ? 'primary' : 'default'}
      variant={pressed ? 'filled' : 'outlined'}
      onClick={onToggle}
    />
  );
}

/**
 * "Assigned to me", one of the due filters (a second click clears it) and the sort by due date,
 * each a toggle.
 */
export function FilterChips({
  filters,
  onChange,
}: {
  filters: ChipFilters;
  onChange: (filters: ChipFilters) => void;
}) {
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={ActionsCopy.filtersLabel}
      sx={{ flexWrap: 'wrap', gap: 1, mb: 3 }}
    >
      <FilterChip
        label={ActionsCopy.assignedToMe}
        pressed={filters.assignee === 'me'}
        onToggle={() => onChange({ ...filters, assignee: filters.assignee ? null : 'me' })}
      />
      {DUE_CHIPS.map(({ due, label }) => (
        <FilterChip
          key={due}
          label={label}
          pressed={filters.due === due}
          onToggle={() => onChange({ ...filters, due: filters.due === due ? null : due })}
        />
      ))}
      <FilterChip
        label={ActionsCopy.sortByDue}
        pressed={filters.sort === 'due'}
        onToggle={() => onChange({ ...filters, sort: filters.sort ? null : 'due' })}
      />
    </Stack>
  );
}
