// For pages rendered at build time (shell/src/prerender), never for the browser's bundles: the
// theme here brings MUI's styles engine with it, which the shell otherwise shares at run time.
export { createStaticTheme } from './mui-theme.js';
