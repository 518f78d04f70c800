import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CalendarFeedUrlResponse } from '@meetings/contracts';
import { errorText, useApi, useToast } from '@meetings/shell-context';
import { useState } from 'react';
import { useLoaded } from './use-loaded.js';

export const CalendarFeedTexts = {
  heading: 'Calendar feed',
  help: 'Subscribe to this private address in your calendar application to see every meeting you own or are shared on. Anyone with the address can read it: reset it if it gets out.',
  label: 'Your calendar feed address',
  copy: 'Copy',
  copied: 'Feed address copied',
  copyFailed: 'The address could not be copied. Select it and copy it by hand.',
  reset: 'Reset link',
  resetDone: 'Feed address reset: the old address no longer works.',
  loadFailed: 'The calendar feed address could not be loaded. Please try again later.',
  resetFailed: 'The feed address could not be reset. Please try again.',
} as const;

/** The personal calendar feed's secret address, with Copy and "Reset link". */
export function CalendarFeedSetting() {
  const api = useApi();
  const toast = useToast();
  const [feed, setFeed, failed] = useLoaded<CalendarFeedUrlResponse>('/calendar/feed-url');
  const url = feed?.url ?? null;
  const [busy, setBusy] = useState(false);

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(CalendarFeedTexts.copied);
    } catch {
      toast.error(CalendarFeedTexts.copyFailed);
    }
  }

  async function reset() {
    setBusy(true);
    try {
      setFeed(await api.post<CalendarFeedUrlResponse>('/calendar/feed-url/rotate'));
      toast.success(CalendarFeedTexts.resetDone);
    } catch (error) {
      toast.error(errorText(error, CalendarFeedTexts.resetFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="section" aria-labelledby="calendar-feed-heading" sx={{ mt: 4 }}>
      <Typography id="calendar-feed-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {CalendarFeedTexts.heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {CalendarFeedTexts.help}
      </Typography>
      {failed ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {CalendarFeedTexts.loadFailed}
        </Alert>
      ) : null}
      <TextField
        label={CalendarFeedTexts.label}
        value={url ?? ''}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
        onFocus={(event) => event.target.select()}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button variant="outlined" disabled={!url} onClick={() => void copy()}>
          {CalendarFeedTexts.copy}
        </Button>
        <Button color="warning" disabled={!url || busy} onClick={() => void reset()}>
          {CalendarFeedTexts.reset}
        </Button>
      </Box>
    </Box>
  );
}
