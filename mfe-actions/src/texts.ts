// Copy this app adds around the shared texts (those come from @meetings/contracts).

export const ActionsCopy = {
  searchLabel: 'Search actions',
  searchPlaceholder: 'Action text, meeting title or #hashtag',
  suggestionsLabel: 'Hashtags',
  retry: 'Try again',
  filteredBy: (tag: string) => `Filtered by #${tag}`,
} as const;
