import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AuthMessages,
  OnboardingTexts,
  SubscriptionMessages,
  ValidationMessages,
  type SubscriptionStatus,
} from '@meetings/contracts';
import { trialStart } from '@meetings/domain';
import { formatWeekdayDate } from '@meetings/domain/dates';
import { useBranding, useSubscription, useToast } from '@meetings/shell-context';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '@meetings/shell-context/router';
import { PLAN_NAMES, PlanSummary, type ChosenPlan } from '../components/PlanSummary.js';
import { ScreenCard } from '../components/ScreenCard.js';
import { ChoiceCopy } from '../texts.js';

function PlanOption({
  plan,
  selected,
  onSelect,
}: {
  plan: ChosenPlan;
  selected: boolean;
  onSelect: (plan: ChosenPlan) => void;
}) {
  const id = `plan-${plan}`;
  return (
    <Box
      component="label"
      htmlFor={id}
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        border: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 2,
        cursor: 'pointer',
      }}
    >
      <Radio
        id={id}
        name="plan"
        value={plan}
        checked={selected}
        onChange={() => onSelect(plan)}
        slotProps={{ input: { 'aria-label': PLAN_NAMES[plan] } }}
      />
      <Box sx={{ flexGrow: 1 }}>
        <PlanSummary plan={plan} />
      </Box>
    </Box>
  );
}

/** What the screen says about the current plan, depending on the mode. */
function PlanStatus({
  subscription,
  change,
}: {
  subscription: SubscriptionStatus | null;
  change: boolean;
}) {
  if (!subscription) return null;
  if (change) {
    return (
      <Box sx={{ mb: 2 }}>
        <Typography>{ChoiceCopy.currentPlan(PLAN_NAMES[subscription.status])}</Typography>
        {subscription.status === 'trial' ? (
          <Typography color="text.secondary">
            {ChoiceCopy.trialExpires(formatWeekdayDate(subscription.trialExpiresOn))}
          </Typography>
        ) : null}
      </Box>
    );
  }
  return (
    <Box sx={{ mb: 2 }}>
      <Typography sx={{ fontWeight: 600 }}>{OnboardingTexts.trialEnded}</Typography>
      <Typography color="text.secondary">
        {ChoiceCopy.trialStarted(formatWeekdayDate(trialStart(subscription.trialExpiresOn)))}
      </Typography>
    </Box>
  );
}

/** /subscription-choice, with and without ?change=true (docs/product.md, Plans and the trial). */
export function SubscriptionChoice() {
  const [searchParams] = useSearchParams();
  const change = searchParams.get('change') === 'true';
  const { current, get, update } = useSubscription();
  const { productName } = useBranding();
  const toast = useToast();
  const navigate = useNavigate();
  const [plan, setPlan] = useState<ChosenPlan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    get().catch(() => undefined);
  }, [get]);

  function onSelect(chosen: ChosenPlan) {
    setPlan(chosen);
    setError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!plan) {
      setError(ValidationMessages.subscriptionNotSelected);
      return;
    }
    setSaving(true);
    try {
      await update(plan);
      // The guard reads the plan next; it must see the new one.
      await get({ force: true }).catch(() => undefined);
      toast.success(
        plan === 'paid'
          ? SubscriptionMessages.thankYouPremium(productName)
          : SubscriptionMessages.nowOnFreeTier,
      );
      navigate('/app/meetings', { replace: true });
    } catch {
      toast.error(AuthMessages.genericRetry);
      setSaving(false);
    }
  }

  return (
    <ScreenCard heading={change ? ChoiceCopy.changeHeading : ChoiceCopy.heading} maxWidth={640}>
      <PlanStatus subscription={current} change={change} />
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        <Stack role="radiogroup" aria-label={ChoiceCopy.planGroupLabel} spacing={2}>
          <PlanOption plan="free" selected={plan === 'free'} onSelect={onSelect} />
          <PlanOption plan="paid" selected={plan === 'paid'} onSelect={onSelect} />
        </Stack>
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
          {change ? (
            <Button type="button" onClick={() => navigate('/app/meetings')} disabled={saving}>
              {OnboardingTexts.cancel}
            </Button>
          ) : null}
          <Button type="submit" variant="contained" size="large" disabled={saving}>
            {change ? OnboardingTexts.saveChanges : OnboardingTexts.continue}
          </Button>
        </Box>
      </Stack>
    </ScreenCard>
  );
}
