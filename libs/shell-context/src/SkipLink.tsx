import Link from '@mui/material/Link';

/** The id of the page's main landmark, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';
export const SKIP_LINK_TEXT = 'Skip to main content';

/**
 * The first focusable element of a page: hidden until focused, then shown at the top left; it
 * moves the focus to the main landmark (which needs tabIndex -1 to take it).
 */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        borderRadius: 1,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus-visible, &:focus': { transform: 'none', outline: '2px solid', outlineOffset: 2 },
      }}
    >
      {SKIP_LINK_TEXT}
    </Link>
  );
}
