import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AuthMessages, OnboardingTexts, PRIVACY_STATEMENT_DATE } from '@meetings/contracts';
import { useBranding, usePrivacy, useToast } from '@meetings/shell-context';
import { useState } from 'react';
import { useLocation, useNavigate } from '@meetings/shell-context/router';
import { ScreenCard } from '../components/ScreenCard.js';
import { privacySections } from '../privacy-statement.js';
import { PrivacyCopy } from '../texts.js';

function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/privacy')
    ? from
    : '/app/meetings';
}

/** /privacy: the statement and "I Accept", which returns to where the user was going. */
export function Privacy() {
  const { accept } = usePrivacy();
  const { productName } = useBranding();
  const toast = useToast();
  const navigate = useNavigate();
  const { state } = useLocation();
  const [saving, setSaving] = useState(false);

  async function onAccept() {
    setSaving(true);
    try {
      await accept();
      navigate(returnPath(state), { replace: true });
    } catch {
      toast.error(AuthMessages.privacyAcceptFailed);
      setSaving(false);
    }
  }

  return (
    <ScreenCard heading={PrivacyCopy.heading} maxWidth={760}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {PrivacyCopy.lastUpdated(PRIVACY_STATEMENT_DATE)}
      </Typography>
      {privacySections(productName).map((section) => (
        <section key={section.heading}>
          <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
            {section.heading}
          </Typography>
          <Typography sx={{ mt: 0.5 }}>{section.text}</Typography>
        </section>
      ))}
      <Button variant="contained" size="large" sx={{ mt: 4 }} onClick={onAccept} disabled={saving}>
        {OnboardingTexts.acceptPrivacy}
      </Button>
    </ScreenCard>
  );
}
