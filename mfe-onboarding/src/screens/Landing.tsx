import { useBranding, usePageTitle } from '@meetings/shell-context';
import { LandingPage } from '@meetings/shell-context/landing';

/** The landing page with the host's brand. */
export function Landing() {
  usePageTitle();
  return <LandingPage branding={useBranding()} />;
}
