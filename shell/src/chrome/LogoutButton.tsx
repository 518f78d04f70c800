import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { AuthMessages, ShellTexts } from '@meetings/contracts';
import { useAuth, useToast } from '@meetings/shell-context';
import { useState } from 'react';
import { useNavigate } from '@meetings/shell-context/router';
import { Paths } from '../routing/paths.js';

export function LogoutButton({ compact }: { compact: boolean }) {
  const { logout } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function onLogout() {
    setBusy(true);
    try {
      await logout();
      navigate(Paths.login, { replace: true });
    } catch {
      toast.error(AuthMessages.logoutFailed);
      setBusy(false);
    }
  }

  return compact ? (
    <IconButton color="inherit" onClick={onLogout} disabled={busy} aria-label={ShellTexts.logout}>
      <LogoutIcon />
    </IconButton>
  ) : (
    <Button color="inherit" onClick={onLogout} disabled={busy} startIcon={<LogoutIcon />}>
      {ShellTexts.logout}
    </Button>
  );
}
