// Copy this app adds around the shared texts (those come from @meetings/contracts).

export const ActionsCopy = {
  searchLabel: 'Search actions',
  searchPlaceholder: 'Action text, meeting title or #hashtag',
  suggestionsLabel: 'Hashtags',
  retry: 'Try again',
  filteredBy: (tag: string) => `Filtered by #${tag}`,
  filtersLabel: 'Filters',
  assignedToMe: 'Assigned to me',
  overdue: 'Overdue',
  dueThisWeek: 'Due this week',
  noDueDate: 'No due date',
  sortByDue: 'Sort by due date',
} as const;
