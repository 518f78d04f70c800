import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { AuthMessages, OnboardingTexts } from '@meetings/contracts';
import { formatWeekdayDate } from '@meetings/domain/dates';
import { useSubscription, useToast } from '@meetings/shell-context';
import { useEffect, useState } from 'react';
import { useNavigate } from '@meetings/shell-context/router';
import { PlanSummary } from '../components/PlanSummary.js';
import { ScreenCard } from '../components/ScreenCard.js';
import { TrialCopy } from '../texts.js';

/** /trial-notice: what the trial gives, when it ends, what comes after. */
export function TrialNotice() {
  const { current, get, acknowledgeTrial } = useSubscription();
  const toast = useToast();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    get().catch(() => undefined);
  }, [get]);

  async function onGetStarted() {
    setSaving(true);
    try {
      await acknowledgeTrial();
      // The re-fetched plan must show the notice as seen.
      const refreshed = await get({ force: true });
      if (!refreshed.hasSeenTrialNotice) throw new Error('trial notice still unseen');
      navigate('/app/meetings', { replace: true });
    } catch {
      toast.error(AuthMessages.genericRetry);
      setSaving(false);
    }
  }

  return (
    <ScreenCard heading={OnboardingTexts.trialNoticeHeading} maxWidth={640}>
      <Typography sx={{ mt: 1 }}>{TrialCopy.benefitsHeading}</Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, my: 1 }}>
        {OnboardingTexts.trialBenefits.map((benefit) => (
          <Box
            component="li"
            key={benefit}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.5 }}
          >
            <CheckCircleIcon color="primary" fontSize="small" aria-hidden />
            <Typography>{benefit}</Typography>
          </Box>
        ))}
      </Box>
      {current ? (
        <Typography sx={{ fontWeight: 600, my: 2 }}>
          {TrialCopy.endsOn(formatWeekdayDate(current.trialExpiresOn))}
        </Typography>
      ) : null}
      <Divider sx={{ my: 2 }} />
      <Typography sx={{ mb: 2 }}>{TrialCopy.afterTrial}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {(['free', 'paid'] as const).map((plan) => (
          <Box key={plan} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
            <PlanSummary plan={plan} />
          </Box>
        ))}
      </Box>
      <Button
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 3 }}
        onClick={onGetStarted}
        disabled={saving}
      >
        {OnboardingTexts.getStartedNow}
      </Button>
    </ScreenCard>
  );
}
