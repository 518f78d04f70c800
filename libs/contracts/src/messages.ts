// Every text the user reads, once. Exact wording: change it here only.

export const ValidationMessages = {
  recurrenceInvalid:
    'The repeat rule is not valid: give an RFC 5545 RRULE such as FREQ=WEEKLY;BYDAY=MO, or null.',
  durationInvalid: 'The duration must be 15 to 480 minutes, in steps of 15.',
  otpIncomplete: 'Please enter all 6 digits',
  subscriptionNotSelected: 'Please select a subscription option',
  emailEmpty: 'Email cannot be empty.',
  emailInvalid: 'Please enter a valid email address.',
  emailAlreadyShared: 'Email already shared.',
  assigneeInvalid: 'The assignee must be an email address, or null to clear it.',
  dueDateInvalid:
    'The due date must be a real calendar date written YYYY-MM-DD, or null to clear it.',
  assigneeFilterInvalid: 'assignee must be "me" or an email address.',
  dueFilterInvalid: 'due must be one of overdue, today, week or none.',
  sortInvalid: 'sort must be due.',
  timeZoneInvalid: 'The time zone must be an IANA time-zone name such as Europe/London.',
  meetingDateOutOfRange: 'The meeting date must be a real date between 1970 and 2100.',
} as const;

export const AuthMessages = {
  requestOtpFailed: 'Failed to request OTP',
  verifyFailed: 'Invalid or expired verification code',
  verifyUnsuccessful: 'Verification failed',
  resendFailed: 'Failed to resend verification code',
  privacyAcceptFailed: 'Failed to save your privacy preferences. Please try again.',
  genericRetry: 'An error occurred. Please try again.',
  logoutFailed: 'Failed to logout',
  acceptPrivacyFailed: 'Failed to accept privacy statement',
  getPrivacyStatusFailed: 'Failed to get privacy status',
  getSubscriptionStatusFailed: 'Failed to get subscription status',
  acknowledgeTrialFailed: 'Failed to acknowledge trial notice',
  updateSubscriptionFailed: 'Failed to update subscription status',
  notAuthenticated: 'User is not authenticated',
  subscriptionCheckTooSoon: 'Please wait before checking subscription status again',
  subscriptionUnavailable: 'Subscription service currently unavailable',
} as const;

export const ActionsPageMessages = {
  loadFailed: 'Failed to load actions',
  updateStatusFailed: 'Failed to update action status',
} as const;

export const MeetingMessages = {
  loadPreviousActionsFailed: 'Failed to load previous actions',
  updateActionStatusFailed: 'Failed to update action status',
  loadMeetingFailed: 'Failed to load meeting details',
  noPermissionToView: "You don't have permission to view this meeting",
  deleteMeetingFailed: 'Failed to delete meeting',
  duplicateNoId: 'Error accessing new meeting',
  duplicateFailed: 'Failed to duplicate meeting',
  updateDateTimeFailed: 'Failed to update date/time',
  addSharedUserFailed: 'Failed to add shared user',
  removeSharedUserFailed: 'Failed to remove shared user',
  addAgendaItemFailed: 'Failed to add agenda item',
  deleteAgendaItemFailed: 'Failed to delete agenda item',
  updateAgendaOrderFailed: 'Failed to update agenda order',
  updateAgendaItemFailed: 'Failed to update agenda item',
  updateNotesFailed: 'Failed to update notes',
  addActionItemFailed: 'Failed to add action item',
  deleteActionItemFailed: 'Failed to delete action item',
  permissionDeniedTitle: 'Permission Denied',
  deleteActionPermissionDefault: 'You do not have permission to delete this action item.',
  updateActionItemFailed: 'Failed to update action item',
  updateActionOrderFailed: 'Failed to update action order',
  copyActionsFailed: 'Failed to copy actions to clipboard',
  meetingNotFound: 'Meeting not found',
  deleteConfirmation: 'Are you sure you want to delete this meeting? This action cannot be undone.',
  notSharedWithAnyone: 'Not shared with anyone',
  noAgendaItems: 'No agenda items for this meeting',
  noActions: 'No actions for this meeting',
  noPreviousActions: 'No previous actions found.',
} as const;

/** Success toasts: a title and, where there is one, a description. */
export const SuccessToasts = {
  meetingDeleted: { title: 'Meeting deleted successfully' },
  dateTimeUpdated: { title: 'Meeting updated', description: 'Date and time updated successfully' },
  userAdded: (email: string) => ({
    title: 'User added',
    description: `${email} has been added successfully.`,
  }),
  userRemoved: (email: string) => ({
    title: 'User removed',
    description: `Removed sharing with ${email}`,
  }),
  agendaItemDeleted: {
    title: 'Agenda item deleted',
    description: 'Agenda item removed successfully.',
  },
  actionItemDeleted: {
    title: 'Action item deleted',
    description: 'Action item removed successfully.',
  },
  actionsCopied: { title: 'Actions copied', description: 'Actions list copied to clipboard' },
} as const;

export const ERROR_TOAST_TITLE = 'Error';
/** The button of a toast whose change can be taken back (a deleted item). */
export const UNDO_LABEL = 'Undo';

export const SubscriptionMessages = {
  thankYouPremium: (product: string) => `Thank you for subscribing to ${product} Premium!`,
  nowOnFreeTier: "You're now on the free tier",
  badgeTrial: (days: number) => `Trial: ${days} days left`,
  badgePremium: 'Premium',
  badgeFree: 'Free',
  tooltipTrial: (date: string) => `Your trial ends on ${date}`,
  tooltipFree: 'Click to upgrade to Premium or manage your subscription',
  tooltipPaid: 'Click to manage your subscription',
  freeTierLimitationTitle: 'Free Tier Limitation',
  freeTierLimitationText:
    'Your free trial has expired. On the free tier, you can view and edit existing meetings, but cannot create new ones.',
  upgradeToPremium: 'Upgrade to Premium',
  upgradeTooltip: 'Upgrade to Premium to create new meetings',
} as const;

export const ListMessages = {
  loading: 'Loading...',
  noMoreMeetings: 'No more meetings to load.',
  noMoreActions: 'No more actions to load.',
  noHashtags: 'No hashtags found.',
  /** The completed filter of the actions page and of the Previous Actions panel. */
  showCompleted: 'Show completed',
} as const;

/** Meetings list, New Meeting dialog, meeting page, its panels and the duplicate dialog. */
export const MeetingTexts = {
  newMeeting: 'New Meeting',
  ownerLabel: '(Owner)',
  moreAvatars: (count: number) => `+${count} more`,
  createDialogTitle: 'Create New Meeting',
  meetingTitleLabel: 'Meeting Title',
  titlePlaceholder: 'Enter meeting title...',
  createMeeting: 'Create Meeting',
  creating: 'Creating...',
  duplicateMeeting: 'Duplicate meeting',
  delete: 'Delete',
  sharedWith: 'Shared with',
  addEmailPlaceholder: 'Add email...',
  share: 'Share',
  addAgendaItemPlaceholder: 'Add agenda item...',
  copyActions: 'Copy actions',
  previousActions: 'Previous Actions',
} as const;

/** The duplicate dialog's fields and buttons. */
export const DuplicateTexts = {
  meetingTitle: 'Meeting Title',
  dateAndTime: 'Date and Time',
  includeShared: 'All shared with emails',
  agendaItems: 'Agenda Items',
  agendaAll: 'All agenda items',
  agendaIncomplete: 'Incomplete agenda items only',
  includeNotes: 'Duplicate notes',
  actions: 'Actions',
  actionsNone: 'None',
  actionsMoveIncomplete: 'Move incomplete actions',
  actionsAll: 'All actions',
  cancel: 'Cancel',
  duplicate: 'Duplicate',
} as const;

/** Landing and sign-in screens. */
export const OnboardingTexts = {
  login: 'Login',
  getStarted: 'Get Started',
  /** The four features the landing page presents as cards. */
  features: {
    notes: 'Note-taking for meetings.',
    actions:
      'One searchable list of actions across all meetings. Search works by meeting title or action text, and actions can carry hashtags.',
    sharing:
      'Sharing meeting notes and actions with people inside or outside an organisation, by e-mail.',
    continuity:
      'Continuity for recurring meetings: open actions from earlier occurrences of the same meeting are shown on the meeting.',
  },
  sendLoginCode: 'Send Login Code',
  sendingCode: 'Sending code...',
  verifyAndLogin: 'Verify & Login',
  resendCode: 'Resend Code',
  acceptPrivacy: 'I Accept',
  trialNoticeHeading: 'Your 30-Day Free Trial Starts Now!',
  trialBenefits: [
    'Full access for 30 days',
    'Unlimited meetings',
    'Tracking actions centrally',
    'Collaboration',
  ],
  getStartedNow: 'Get Started Now',
  continue: 'Continue',
  saveChanges: 'Save Changes',
  cancel: 'Cancel',
  trialEnded: 'The 30-day trial has ended',
} as const;

/** The plans as the product describes them. */
export const PlanTexts = {
  trialName: 'Trial',
  freeName: 'Free Tier',
  premiumName: 'Premium',
  freeFeatures: [
    'Read-only on existing meetings',
    'No new meetings',
    'Can view meetings shared with you',
    'Can update the status of shared actions',
  ],
  premiumFeatures: ['Unlimited meetings', 'Full access', 'Sharing with anybody'],
} as const;

/** App shell chrome. */
export const ShellTexts = {
  navMeetings: 'Meetings',
  navActions: 'Actions',
  logout: 'Logout',
} as const;
