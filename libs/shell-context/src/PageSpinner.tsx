import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The one "something is loading" indicator, for route checks and lazy screens. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240, p: 4 }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
