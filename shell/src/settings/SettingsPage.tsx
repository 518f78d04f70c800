import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MailSettings } from '@meetings/contracts';
import {
  errorText,
  useApi,
  usePageTitle,
  useShell,
  useToast,
  useUserTimeZone,
} from '@meetings/shell-context';
import { useState } from 'react';
import { CalendarFeedSetting } from './CalendarFeedSetting.js';
import { useLoaded } from './use-loaded.js';

export const SettingsTexts = {
  title: 'Settings',
  dailyDigest: 'Daily e-mail of my overdue and upcoming actions (08:00 in my time zone)',
  loadFailed: 'The settings could not be loaded. Please try again later.',
  saveFailed: 'The setting could not be saved. Please try again.',
  timeZone: 'Time zone',
  timeZoneHelp: 'Due dates, "Overdue" and the daily e-mail follow it.',
  timeZoneSaved: 'Time zone saved',
} as const;

/** Every zone the browser knows, and UTC (which some browsers leave out of the list). */
function knownTimeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** The zone the user's "today" is judged in, saved at once when another is picked. */
function TimeZoneSetting() {
  const { auth } = useShell();
  const toast = useToast();
  const timeZone = useUserTimeZone();
  const [zones] = useState(knownTimeZones);
  const [saving, setSaving] = useState(false);

  async function change(next: string) {
    if (next === timeZone) return;
    setSaving(true);
    try {
      await auth.setTimeZone(next);
      toast.success(SettingsTexts.timeZoneSaved, next);
    } catch (error) {
      toast.error(errorText(error, SettingsTexts.saveFailed));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Autocomplete
      options={zones}
      value={timeZone}
      disableClearable
      disabled={saving}
      onChange={(_event, next) => void change(next)}
      sx={{ maxWidth: 360, mt: 3 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={SettingsTexts.timeZone}
          helperText={SettingsTexts.timeZoneHelp}
        />
      )}
    />
  );
}

/** The user's settings: the daily digest of due actions, the time zone dates are judged in, the calendar feed. */
export function SettingsPage() {
  const api = useApi();
  const toast = useToast();
  const [settings, setSettings, failed] = useLoaded<MailSettings>('/auth/mail-settings');
  const [saving, setSaving] = useState(false);
  usePageTitle(SettingsTexts.title);

  async function changeDigest(dailyDigest: boolean) {
    setSaving(true);
    try {
      setSettings(await api.put<MailSettings>('/auth/mail-settings', { dailyDigest }));
    } catch {
      toast.error(SettingsTexts.saveFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {SettingsTexts.title}
      </Typography>
      {failed ? <Alert severity="error">{SettingsTexts.loadFailed}</Alert> : null}
      {settings ? (
        <FormControlLabel
          control={
            <Switch
              checked={settings.dailyDigest}
              disabled={saving}
              onChange={(event) => void changeDigest(event.target.checked)}
            />
          }
          label={SettingsTexts.dailyDigest}
        />
      ) : null}
      <TimeZoneSetting />
      <CalendarFeedSetting />
    </Box>
  );
}
