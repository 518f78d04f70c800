import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useColorScheme } from '@meetings/shell-context';

/** Flips what is shown (on system, away from the OS's mode) and remembers it. */
export function ThemeToggle() {
  const { colorScheme, setMode } = useColorScheme();
  const dark = colorScheme === 'dark';
  const label = dark ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        onClick={() => setMode(dark ? 'light' : 'dark')}
        aria-label={label}
      >
        {dark ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}
