/** `weekly-status-2026-11-30.md`: a meeting's Markdown file, by its title's letters and digits and its day. */
export function markdownFileName(meeting: { title: string; date: Date | string }): string {
  const slug = meeting.title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${slug || 'meeting'}-${new Date(meeting.date).toISOString().slice(0, 10)}.md`;
}
