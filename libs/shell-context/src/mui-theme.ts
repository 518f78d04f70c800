// '#mui-styles', not '@mui/material/styles': see ShellProviders.tsx.
import { createTheme, type Theme, type ThemeOptions } from '#mui-styles';
import {
  DARK_SURFACE,
  LIGHT_SURFACE,
  readableOn,
  TOOLTIP_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
} from '@meetings/contracts';
import type { Branding } from './branding.js';

/** Brand colours are used as text (links, outlined buttons): each is kept readable (AA) per mode. */
function brandPalette(branding: Branding, mode: 'light' | 'dark') {
  const surface = mode === 'dark' ? DARK_SURFACE : LIGHT_SURFACE;
  return {
    primary: { main: readableOn(branding.primaryColor, surface) },
    ...(branding.secondaryColor
      ? { secondary: { main: readableOn(branding.secondaryColor, surface) } }
      : {}),
    // Text on coloured fills (chips, contained buttons) picks black or white for AA, not MUI's 3:1.
    contrastThreshold: 4.5,
  };
}

const SHARED_OPTIONS: ThemeOptions = {
  shape: { borderRadius: 8 },
  components: {
    // Once one tooltip was shown, the next opens sooner.
    MuiTooltip: {
      defaultProps: { enterDelay: TOOLTIP_DELAY_MS, enterNextDelay: TOOLTIP_SKIP_DELAY_MS },
    },
    // Keyboard focus shows as a ring, not only MUI's faint ripple (WCAG 2.4.7); on the app bar
    // it takes the bar's text colour, which is readable there.
    MuiButtonBase: {
      styleOverrides: {
        root: ({ theme }) => ({
          '&.Mui-focusVisible': {
            outline: `2px solid ${(theme.vars ?? theme).palette.text.primary}`,
            outlineOffset: 2,
          },
          '.MuiAppBar-root &.Mui-focusVisible': { outlineColor: 'currentColor' },
        }),
      },
    },
    // Labels keep the case they are written in ("Get Started", not "GET STARTED").
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none' } },
    },
  },
};

/**
 * Asked for less motion: no ripples (keyboard focus shows as a ring anyway) and no transitions
 * (ShellProviders' global rule stops the CSS ones MUI does not create through the theme).
 */
const REDUCED_MOTION_OPTIONS: ThemeOptions = {
  transitions: { create: () => 'none' },
  components: {
    ...SHARED_OPTIONS.components,
    MuiButtonBase: {
      ...SHARED_OPTIONS.components?.MuiButtonBase,
      defaultProps: { disableRipple: true },
    },
  },
};

/**
 * The MUI theme for a branding, light and dark; every app renders under this one, and
 * ThemeProvider picks the scheme. Without CSS variables in the app: building them for both
 * schemes at start delays the first paint on a slow phone.
 */
export function createAppTheme(
  branding: Branding,
  reducedMotion: boolean,
  cssVariables: false | { colorSchemeSelector: 'media' } = false,
): Theme {
  return createTheme({
    ...SHARED_OPTIONS,
    ...(reducedMotion ? REDUCED_MOTION_OPTIONS : {}),
    cssVariables,
    colorSchemes: {
      light: { palette: brandPalette(branding, 'light') },
      dark: { palette: brandPalette(branding, 'dark') },
    },
  });
}

/**
 * The same theme for HTML rendered at build time, where no script chooses: colours follow the
 * system's light or dark preference, the app's default (and, as CSS variables, let the shell set a
 * tenant's colours on the page without rendering it again).
 */
export function createStaticTheme(branding: Branding): Theme {
  return createAppTheme(branding, false, { colorSchemeSelector: 'media' });
}
