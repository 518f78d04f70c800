// The landing page's copy around the shared texts (those come from @meetings/contracts).

export const LandingCopy = {
  headline: 'Meetings that lead somewhere',
  /** Follows the product's name. */
  subline: 'keeps agendas, notes and actions for project and delivery managers.',
  featuresHeading: 'Everything a meeting needs',
  featureTitles: {
    notes: 'Meeting notes',
    actions: 'All actions in one place',
    sharing: 'Share by e-mail',
    continuity: 'Recurring meetings',
  },
  closingHeading: 'Start your free trial today',
  closingText: 'Sign in with your e-mail address. No password, no card.',
} as const;
