// Copy this app adds around the shared texts (those come from @meetings/contracts).

export const ListCopy = {
  heading: 'Meetings',
  searchLabel: 'Search meetings',
  searchPlaceholder: 'Search meetings...',
  avatarsLabel: 'People in this meeting',
  noMeetingsYet: 'No meetings yet',
  noMeetingsYetHint: 'Create your first meeting with the New Meeting button above.',
  noMeetingsShared: 'Meetings shared with you will show here.',
  noMatches: (search: string) => `No meetings match “${search}”`,
  noMatchesHint: 'Check the spelling, or search for another word of the title.',
} as const;

export const MeetingCopy = {
  loadingLabel: 'Loading meeting',
  retry: 'Try again',
  backToMeetings: 'Back to meetings',
  titleLabel: 'Meeting title',
  ownedBy: (email: string) => `Owner: ${email}`,
  dateLabel: 'Date',
  timeLabel: 'Time',
  agendaHeading: 'Agenda',
  notesHeading: 'Notes',
  actionsHeading: 'Actions',
  deleteDialogTitle: 'Delete meeting',
  cancel: 'Cancel',
  save: 'Save',
  edit: 'Edit',
  dragHandle: 'Drag to reorder',
  addAgendaItem: 'Add agenda item',
  deleteAgendaItem: 'Delete agenda item',
  editAgendaItem: 'Edit agenda item',
  addActionPlaceholder: 'Add action item...',
  addAction: 'Add action item',
  deleteAction: 'Delete action item',
  editAction: 'Edit action item',
  removeShare: (email: string) => `Stop sharing with ${email}`,
  shareEmailLabel: 'Email to share with',
  collapse: 'Collapse previous actions',
  expand: 'Expand previous actions',
  notesEditorLabel: 'Meeting notes',
  notesSaving: 'Saving…',
  notesSaved: 'Saved',
  resizeImage: 'Resize image',
} as const;

// Issue 34: who owes an action and by when.
export const OwedCopy = {
  edit: 'Set assignee and due date',
  assignee: 'Assignee',
  assigneePlaceholder: 'name@example.com',
  assigneeInvalid: 'Enter an email address',
  clearAssignee: 'Clear assignee',
  dueDate: 'Due date',
  clearDueDate: 'Clear due date',
  close: 'Done',
  people: 'People',
  newAssignee: (email: string) => `Assign to ${email}`,
  sharedByAssigning: (email: string) => ({
    title: 'Meeting shared',
    description: `${email} was assigned an action and can now see this meeting.`,
  }),
} as const;
