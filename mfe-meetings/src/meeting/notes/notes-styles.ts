/** How notes HTML looks in the editor and in the read-only view. */
export const notesContentStyles = {
  '& img': { maxWidth: '100%', height: 'auto' },
  '& a': { color: 'primary.main' },
  '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
} as const;

/** Quill writes both list kinds as <ol> and tells them apart by data-list (read-only view). */
export const notesListStyles = {
  '& ol, & ul': { pl: 3 },
  '& li[data-list="bullet"]': { listStyleType: 'disc' },
  '& li[data-list="ordered"]': { listStyleType: 'decimal' },
} as const;
