import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What a panel shows in place of an empty list ("No agenda items", ...). */
export function EmptyListText({ children }: { children: ReactNode }) {
  return <Typography color="text.secondary">{children}</Typography>;
}
