// @vitest-environment node
// In Node, as the build runs it: emotion then writes its styles into the markup.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { describe, expect, it } from 'vitest';
import { useThemeMode } from './context.js';
import {
  eitherScheme,
  prerenderedPage,
  PRERENDER_TOKENS,
  renderInScheme,
  withStylesFirst,
} from './prerender.js';
import { useLocation } from './router.js';

function Probe() {
  const wide = useMediaQuery('(min-width:768px)', { noSsr: true });
  const { resolved } = useThemeMode();
  const { pathname } = useLocation();
  return (
    <Box sx={{ bgcolor: 'background.paper', p: 2 }}>
      <Typography component="h1">{PRERENDER_TOKENS.productName}</Typography>
      <p>
        {wide ? 'wide' : 'narrow'} {pathname} toggle:{resolved}
      </p>
    </Box>
  );
}

describe('renderInScheme', () => {
  it('renders under the shell providers at the path, styles first, media queries as asked', () => {
    const wide = renderInScheme(<Probe />, 'dark', { path: '/app/actions', mediaMatches: true });
    expect(wide.startsWith('<style>.pre-')).toBe(true);
    expect(wide.match(/<style/g)).toHaveLength(1);
    expect(wide).toContain('<p>wide /app/actions toggle:dark</p>');
    expect(wide).toContain('background-color:#121212');
    const narrow = renderInScheme(<Probe />, 'light', { controlsMode: 'dark' });
    expect(narrow).toContain('<p>narrow / toggle:dark</p>');
    expect(narrow).not.toContain('#121212');
  });
});

describe('prerenderedPage', () => {
  it('gives light, dark and one either-scheme markup with the controls shown as in light', () => {
    const page = prerenderedPage((mode, controlsMode) =>
      renderInScheme(<Probe />, mode, { controlsMode }),
    );
    expect(page.version).toBe(1);
    expect(page.tokens).toEqual(PRERENDER_TOKENS);
    expect(page.schemes.light).toContain('toggle:light');
    expect(page.schemes.dark).toContain('toggle:dark');
    // One page (the light one's markup) with the dark styles under a media query.
    expect(page.schemes.system).toContain('toggle:light');
    expect(page.schemes.system).toContain('@media (prefers-color-scheme: dark){');
    expect(page.schemes.system.match(/<h1/g)).toHaveLength(1);
  });

  it('refuses a page whose light and dark renders differ in more than their styles', () => {
    expect(() => prerenderedPage((mode) => renderInScheme(<p>{mode}</p>, mode))).toThrow(/differ/);
  });
});

describe('eitherScheme and withStylesFirst', () => {
  it('refuses to merge pages that differ in more than their styles', () => {
    expect(() =>
      eitherScheme(
        '<style>.pre-a{}</style><p class="pre-a">x</p>',
        '<style>.pre-b{}</style><p class="pre-b">y</p>',
      ),
    ).toThrow(/differ/);
    expect(
      eitherScheme(
        '<style>.pre-a{color:#000}</style><p class="pre-a">x</p>',
        '<style>.pre-b{color:#fff}</style><p class="pre-b">x</p>',
      ),
    ).toBe(
      '<style>.pre-a{color:#000}@media (prefers-color-scheme: dark){.pre-a{color:#fff}}</style><p class="pre-a">x</p>',
    );
  });

  it('gathers emotion style elements into one, each rule once', () => {
    expect(
      withStylesFirst(
        '<style data-emotion="pre a">.a{}</style><p class="a"></p><style data-emotion="pre a b">.a{}</style><style data-emotion="pre b">.b{}</style><i class="b"></i>',
      ),
    ).toBe('<style>.a{}.b{}</style><p class="a"></p><i class="b"></i>');
  });
});
