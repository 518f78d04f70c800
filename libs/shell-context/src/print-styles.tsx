import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * What printing (or saving as PDF) leaves out: the app's header and navigation, toasts, tooltips,
 * buttons, input forms, the notes editor's toolbar and whatever is marked `data-print="hide"`, so
 * a page prints as its content. Each `data-print="section"` starts a new page, except the first
 * of `data-print="columns"`, which stack into one column.
 */
const PRINT_CSS = {
  '@media print': {
    'header, nav, form, button, .MuiButton-root, .MuiIconButton-root, .notistack-SnackbarContainer, [role="tooltip"], .ql-toolbar, [data-print="hide"]':
      { display: 'none !important' },
    body: { background: '#fff !important', color: '#000 !important' },
    '[data-print="columns"]': { display: 'block !important' },
    '[data-print="section"]': { breakBefore: 'page', boxShadow: 'none', border: 'none' },
    '[data-print="columns"] > :first-of-type > [data-print="section"]:first-of-type': {
      breakBefore: 'auto',
    },
    '.ql-container': { border: 'none !important' },
    '.ql-editor': { minHeight: '0 !important' },
  },
};

export function PrintStyles() {
  return <GlobalStyles styles={PRINT_CSS} />;
}
