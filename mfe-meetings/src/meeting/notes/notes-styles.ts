/**
 * How notes HTML looks in the editor and in the read-only view: Quill's own spacing (its line
 * height, blocks without margins), so notes read the same in both and do not move when the editor
 * takes the place of their preview.
 */
export const notesContentStyles = {
  lineHeight: 1.42,
  '& p, & ol, & ul, & pre, & h1, & h2, & h3': { my: 0 },
  '& img': { maxWidth: '100%', height: 'auto' },
  '& a': { color: 'primary.main' },
  '& blockquote': {
    borderLeft: 4,
    borderColor: 'divider',
    pl: 2,
    mx: 0,
    my: '5px',
    color: 'text.secondary',
  },
} as const;

/** Quill writes both list kinds as <ol> and tells them apart by data-list (read-only view). */
export const notesListStyles = {
  '& ol, & ul': { pl: 3 },
  '& li[data-list="bullet"]': { listStyleType: 'disc' },
  '& li[data-list="ordered"]': { listStyleType: 'decimal' },
} as const;
