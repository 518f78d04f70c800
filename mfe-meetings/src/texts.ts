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
  pageTitle: 'Meeting',
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
  addAgendaItem: 'Add agenda item',
  deleteAgendaItem: 'Delete agenda item',
  agendaItemMenu: (text: string) => `Agenda item options: ${text}`,
  restoreAgendaItemFailed: 'Failed to restore agenda item',
  editAgendaItem: 'Edit agenda item',
  addActionPlaceholder: 'Add action item...',
  addAction: 'Add action item',
  deleteAction: 'Delete action item',
  actionMenu: (text: string) => `Action item options: ${text}`,
  restoreActionFailed: 'Failed to restore action item',
  editAction: 'Edit action item',
  removeShare: (email: string) => `Stop sharing with ${email}`,
  shareEmailLabel: 'Email to share with',
  shareRoleLabel: 'Role for the new person',
  roleOf: (email: string) => `Role of ${email}`,
  roles: { viewer: 'Can view', editor: 'Can edit' },
  roleChanged: (email: string, role: string) => `${email}: ${role.toLowerCase()}`,
  collapse: 'Collapse previous actions',
  expand: 'Expand previous actions',
  notesEditorLabel: 'Meeting notes',
  notesSaving: 'Saving…',
  notesSaved: 'Saved',
  /** Beside the notes: who else has them open now. */
  notesPeopleHere: 'Also here',
  resizeImage: 'Resize image',
} as const;

// What a screen reader hears while an agenda item or action is moved.
export const ReorderCopy = {
  agendaItem: 'agenda item',
  action: 'action',
  handle: (text: string) => `Drag to reorder: ${text}`,
  instructions:
    'To move this item, press Space or Enter, then the up and down arrow keys; Space or Enter drops it, Escape cancels.',
  pickedUp: (kind: string, text: string, position: number, count: number) =>
    `Picked up ${kind} ${text}. Position ${position} of ${count}.`,
  movedTo: (kind: string, text: string, position: number, count: number) =>
    `${capitalise(kind)} ${text} moved to position ${position} of ${count}.`,
  outside: (kind: string, text: string) => `${capitalise(kind)} ${text} is outside the list.`,
  dropped: (kind: string, text: string, position: number, count: number) =>
    `${capitalise(kind)} ${text} dropped at position ${position} of ${count}.`,
  droppedOutside: (kind: string, text: string) =>
    `${capitalise(kind)} ${text} dropped outside the list; nothing moved.`,
  cancelled: (kind: string, text: string, position: number, count: number) =>
    `Moving ${kind} ${text} cancelled. It stays at position ${position} of ${count}.`,
} as const;

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

// A meeting that repeats, and calendars.
export const SeriesCopy = {
  repeats: 'Repeats',
  doesNotRepeat: 'Does not repeat',
  custom: 'Custom',
  customRule: 'Custom rule (RRULE)',
  customRuleHelp: 'For example FREQ=WEEKLY;BYDAY=MO,TH',
  applyRule: 'Apply',
  duration: 'Duration',
  nextMeeting: 'Next meeting',
  addToCalendar: 'Add to calendar',
  repeatSaved: 'Repeat saved',
  durationSaved: 'Duration saved',
  saveFailed: 'Failed to update the meeting',
  nextFailed: 'Failed to open the next meeting',
} as const;

// Who owes an action and by when.
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
  hashtags: 'Hashtags',
  newAssignee: (email: string) => `Assign to ${email}`,
  sharedByAssigning: (email: string) => ({
    title: 'Meeting shared',
    description: `${email} was assigned an action and can now see this meeting.`,
  }),
} as const;

// The recap, the Markdown export and the print view.
export const RecapCopy = {
  sendRecap: 'Send recap',
  dialogTitle: 'Send the recap',
  dialogIntro:
    'Everyone below gets an e-mail with the agenda (what was covered and what is open), the notes, the actions with their assignees and due dates, and a link to this meeting.',
  recipientsLabel: 'Recipients',
  send: 'Send',
  sending: 'Sending…',
  cancel: 'Cancel',
  sent: 'Recap sent',
  sentTo: (count: number) => `Sent to ${count} ${count === 1 ? 'person' : 'people'}.`,
  sendFailed: 'Failed to send recap',
  exportMarkdown: 'Export',
  exportHint: 'Download this meeting as Markdown',
  print: 'Print',
  printHint: 'Print this meeting or save it as PDF',
} as const;
