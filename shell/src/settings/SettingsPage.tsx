import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { MailSettings } from '@meetings/contracts';
import { useApi, useToast } from '@meetings/shell-context';
import { useEffect, useState } from 'react';

export const SettingsTexts = {
  title: 'Settings',
  dailyDigest: 'Daily e-mail of my overdue and upcoming actions (08:00 in my time zone)',
  loadFailed: 'The settings could not be loaded. Please try again later.',
  saveFailed: 'The setting could not be saved. Please try again.',
} as const;

/** The user's settings: for now whether the daily digest of due actions is sent. */
export function SettingsPage() {
  const api = useApi();
  const toast = useToast();
  const [settings, setSettings] = useState<MailSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api.get<MailSettings>('/auth/mail-settings', { signal: controller.signal }).then(
      (answer) => setSettings(answer),
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [api]);

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
    </Box>
  );
}
