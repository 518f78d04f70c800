// The privacy statement's wording: what is collected, its use, sharing, security, the session
// cookie, and policy changes.

export interface PrivacySection {
  heading: string;
  text: string;
}

export function privacySections(product: string): PrivacySection[] {
  return [
    {
      heading: 'Information we collect',
      text: `${product} keeps your e-mail address, the meetings you create or that are shared with you (titles, dates, agendas, notes and actions), the e-mail addresses you share meetings with, and your plan choice.`,
    },
    {
      heading: 'How we use it',
      text: `We use this information only to run ${product}: to sign you in with one-time codes, to show and save your meetings and actions, and to apply your plan.`,
    },
    {
      heading: 'Sharing',
      text: 'A meeting is visible to its owner and to the e-mail addresses it is shared with. We do not sell your information or share it with advertisers.',
    },
    {
      heading: 'Security',
      text: 'Connections are encrypted, login codes expire after a few minutes and can be used once, and sessions can be ended at any time by logging out.',
    },
    {
      heading: 'Cookies',
      text: 'We use a single first-party session cookie that holds your login token. It keeps you signed in and is not used for tracking or advertising.',
    },
    {
      heading: 'Changes to this statement',
      text: 'If this statement changes, we will show the new version and ask you to accept it again. The date at the top shows when it was last updated.',
    },
  ];
}
