import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '@meetings/shell-context';
import type { ReactNode } from 'react';

/** The centred card every sign-in and onboarding screen sits in. */
export function ScreenCard({
  heading,
  children,
  maxWidth = 480,
}: {
  heading: string;
  children: ReactNode;
  maxWidth?: number;
}) {
  usePageTitle(heading);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
          {heading}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
