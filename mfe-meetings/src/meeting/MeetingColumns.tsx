import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/**
 * The meeting's panels: one column on phones and tablets; on wide screens the agenda and notes
 * on the left with the actions beside them. The notes editor keeps its 400 px minimum height
 * (docs/product.md), and an empty one then no longer pushes Actions and Previous Actions below
 * the fold. Reading and tab order stay agenda, notes, actions, previous actions.
 */
export function MeetingColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <Box
      data-testid="meeting-columns"
      data-print="columns"
      sx={{
        display: 'grid',
        gap: 2.5,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
      }}
    >
      <Stack spacing={2.5}>{main}</Stack>
      <Stack spacing={2.5}>{side}</Stack>
    </Box>
  );
}
