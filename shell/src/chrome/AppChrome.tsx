import ChecklistIcon from '@mui/icons-material/Checklist';
import EventNoteIcon from '@mui/icons-material/EventNote';
import SettingsIcon from '@mui/icons-material/Settings';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { NARROW_SCREEN_BREAKPOINT_PX, ShellTexts } from '@meetings/contracts';
import { MAIN_CONTENT_ID, SkipLink, useBranding } from '@meetings/shell-context';
import { useId } from 'react';
import { Link as RouterLink, NavLink, Outlet, useLocation } from '@meetings/shell-context/router';
import { Paths } from '../routing/paths.js';
import { LogoutButton } from './LogoutButton.js';
import { OverdueBadge, OverdueDescription, useOverdueCount } from './OverdueBadge.js';
import { SubscriptionBadge } from './SubscriptionBadge.js';
import { ThemeToggle } from './ThemeToggle.js';

const SIDEBAR_WIDTH = 220;
const SETTINGS = 'Settings';
export const WIDE_SCREEN_QUERY = `(min-width:${NARROW_SCREEN_BREAKPOINT_PX}px)`;

function Logo() {
  const { productName, logoUrl } = useBranding();
  return (
    <Box
      component={RouterLink}
      to={Paths.meetings}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        color: 'inherit',
        textDecoration: 'none',
        // On a phone the product name gives way (ellipsis) so the badge and logout stay visible.
        minWidth: 0,
        flexShrink: 1,
      }}
    >
      {logoUrl ? <Box component="img" src={logoUrl} alt="" sx={{ height: 28 }} /> : null}
      <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 700 }}>
        {productName}
      </Typography>
    </Box>
  );
}

/** The overdue count goes on the Actions link only. */
interface NavBadge {
  count: number | null;
  /** The id of the text that describes the Actions link while there is a count. */
  describedBy: string;
}

function navLinks({ count, describedBy }: NavBadge) {
  return [
    {
      label: ShellTexts.navMeetings,
      to: Paths.meetings,
      icon: <EventNoteIcon />,
      describedBy: undefined,
    },
    {
      label: ShellTexts.navActions,
      to: Paths.actions,
      icon: (
        <OverdueBadge count={count}>
          <ChecklistIcon />
        </OverdueBadge>
      ),
      describedBy: count ? describedBy : undefined,
    },
  ];
}

function Sidebar({ badge }: { badge: NavBadge }) {
  const { pathname } = useLocation();
  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}
    >
      <List>
        {navLinks(badge).map(({ label, to, icon, describedBy }) => (
          <ListItem key={to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={to}
              selected={pathname.startsWith(to)}
              aria-describedby={describedBy}
            >
              <ListItemIcon>{icon}</ListItemIcon>
              <ListItemText primary={label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

function TopBarNavIcons({ badge }: { badge: NavBadge }) {
  return (
    <Box component="nav" aria-label="Main" sx={{ display: 'flex', flexShrink: 0 }}>
      {navLinks(badge).map(({ label, to, icon, describedBy }) => (
        <Tooltip key={to} title={label}>
          <IconButton
            color="inherit"
            component={NavLink}
            to={to}
            aria-label={label}
            aria-describedby={describedBy}
          >
            {icon}
          </IconButton>
        </Tooltip>
      ))}
    </Box>
  );
}

/** Top bar and sidebar around every /app page. */
export function AppChrome() {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, { noSsr: true });
  const badge: NavBadge = { count: useOverdueCount(), describedBy: useId() };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="sticky" color="primary" enableColorOnDark>
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
          <Logo />
          {wide ? null : <TopBarNavIcons badge={badge} />}
          <Box sx={{ flexGrow: 1, minWidth: 0 }} />
          <SubscriptionBadge />
          <ThemeToggle />
          <Tooltip title={SETTINGS}>
            <IconButton
              color="inherit"
              component={RouterLink}
              to={Paths.settings}
              aria-label={SETTINGS}
            >
              <SettingsIcon />
            </IconButton>
          </Tooltip>
          <LogoutButton compact={!wide} />
        </Toolbar>
      </AppBar>
      <Box sx={{ display: 'flex', flexGrow: 1 }}>
        {wide ? <Sidebar badge={badge} /> : null}
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, minWidth: 0, '&:focus': { outline: 'none' } }}
        >
          <Outlet />
        </Box>
      </Box>
      <OverdueDescription id={badge.describedBy} count={badge.count} />
    </Box>
  );
}
