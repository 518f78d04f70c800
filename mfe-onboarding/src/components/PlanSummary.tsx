import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  FREE_PRICE_POUNDS,
  PlanTexts,
  PREMIUM_PRICE_POUNDS_PER_MONTH,
  type SubscriptionStatus,
} from '@meetings/contracts';
import { ChoiceCopy } from '../texts.js';

export type ChosenPlan = 'free' | 'paid';

export const PLAN_NAMES: Record<SubscriptionStatus['status'], string> = {
  trial: PlanTexts.trialName,
  free: PlanTexts.freeName,
  paid: PlanTexts.premiumName,
};

const PLANS: Record<ChosenPlan, { price: string; features: readonly string[] }> = {
  free: {
    price: `£${FREE_PRICE_POUNDS}`,
    features: PlanTexts.freeFeatures,
  },
  paid: {
    price: `£${PREMIUM_PRICE_POUNDS_PER_MONTH}${ChoiceCopy.perMonth}`,
    features: PlanTexts.premiumFeatures,
  },
};

/** A plan's name, price and what it includes. */
export function PlanSummary({ plan }: { plan: ChosenPlan }) {
  const { price, features } = PLANS[plan];
  return (
    <Box>
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}
      >
        <Typography variant="h6" component="h3">
          {PLAN_NAMES[plan]}
        </Typography>
        <Typography variant="h6" component="span" color="primary">
          {price}
        </Typography>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {features.map((feature) => (
          <Box
            component="li"
            key={feature}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.25 }}
          >
            <CheckIcon fontSize="small" color="success" aria-hidden />
            <Typography variant="body2">{feature}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
