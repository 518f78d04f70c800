// Copy this app adds around the shared texts (those come from @meetings/contracts).

export const LoginCopy = {
  heading: 'Sign in',
  intro: 'Enter your e-mail address and we will send you a login code.',
  emailLabel: 'Email',
} as const;

export const VerifyCopy = {
  heading: 'Enter your login code',
  intro: (email: string) => `We sent a 6-digit code to ${email}.`,
  digitLabel: (position: number) => `Digit ${position} of 6`,
  codeSentTitle: 'Code sent',
  codeSentText: (email: string) => `A new login code was sent to ${email}.`,
} as const;

export const PrivacyCopy = {
  heading: 'Privacy Statement',
  lastUpdated: (date: string) => `Last updated: ${date}`,
} as const;

export const TrialCopy = {
  endsOn: (date: string) => `Your trial ends on ${date}.`,
  afterTrial: 'When the trial ends, choose one of two options:',
  benefitsHeading: 'During your trial you get:',
} as const;

export const ChoiceCopy = {
  heading: 'Choose your plan',
  changeHeading: 'Change your plan',
  currentPlan: (plan: string) => `Current plan: ${plan}`,
  trialExpires: (date: string) => `Your trial expires on ${date}.`,
  trialStarted: (date: string) => `Your trial started on ${date}.`,
  perMonth: '/month',
  planGroupLabel: 'Subscription plan',
} as const;
