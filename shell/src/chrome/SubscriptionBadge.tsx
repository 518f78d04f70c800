import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { SubscriptionMessages, type SubscriptionStatus } from '@meetings/contracts';
import { formatWeekdayDate } from '@meetings/domain/dates';
import { useSubscription } from '@meetings/shell-context';
import { useEffect } from 'react';
import { useNavigate } from '@meetings/shell-context/router';
import { Paths } from '../routing/paths.js';

export function badgeText(subscription: SubscriptionStatus): { label: string; tooltip: string } {
  switch (subscription.status) {
    case 'trial':
      return {
        label: SubscriptionMessages.badgeTrial(Math.max(0, subscription.daysRemaining)),
        tooltip: SubscriptionMessages.tooltipTrial(formatWeekdayDate(subscription.trialExpiresOn)),
      };
    case 'paid':
      return {
        label: SubscriptionMessages.badgePremium,
        tooltip: SubscriptionMessages.tooltipPaid,
      };
    case 'free':
      return { label: SubscriptionMessages.badgeFree, tooltip: SubscriptionMessages.tooltipFree };
  }
}

/** The plan in the top bar; a click opens the plan change screen. */
export function SubscriptionBadge() {
  const { current, get } = useSubscription();
  const navigate = useNavigate();

  useEffect(() => {
    // Answered from the cache the guard just filled; failures leave the badge out.
    get().catch(() => undefined);
  }, [get]);

  if (!current) return null;
  const { label, tooltip } = badgeText(current);
  return (
    <Tooltip title={tooltip} describeChild>
      <Chip
        label={label}
        size="small"
        color={
          current.status === 'paid' ? 'success' : current.status === 'trial' ? 'info' : 'default'
        }
        onClick={() => navigate(`${Paths.subscriptionChoice}?change=true`)}
        sx={{ fontWeight: 600 }}
      />
    </Tooltip>
  );
}
