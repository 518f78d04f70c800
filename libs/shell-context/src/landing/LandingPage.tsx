import ChecklistIcon from '@mui/icons-material/Checklist';
import EventNoteIcon from '@mui/icons-material/EventNote';
import RepeatIcon from '@mui/icons-material/Repeat';
import ShareIcon from '@mui/icons-material/Share';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { BRANDING_FIELD_ATTRIBUTE, OnboardingTexts, type Branding } from '@meetings/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from '@meetings/shell-context/router';
// Through the shared entry, so the onboarding remote takes the shell's copy instead of its own.
import { MAIN_CONTENT_ID, SkipLink } from '@meetings/shell-context';
import { LandingCopy } from './texts.js';

type FeatureKey = keyof typeof LandingCopy.featureTitles;

const FEATURE_ICONS: Record<FeatureKey, ReactNode> = {
  notes: <EventNoteIcon />,
  actions: <ChecklistIcon />,
  sharing: <ShareIcon />,
  continuity: <RepeatIcon />,
};

/** The four features in the order the texts give them. */
const FEATURES = (Object.keys(LandingCopy.featureTitles) as FeatureKey[]).map((key) => ({
  title: LandingCopy.featureTitles[key],
  text: OnboardingTexts.features[key],
  icon: FEATURE_ICONS[key],
}));
type Feature = (typeof FEATURES)[number];

function GetStartedButton() {
  return (
    <Button component={RouterLink} to="/login" variant="contained" size="large">
      {OnboardingTexts.getStarted}
    </Button>
  );
}

function FeatureCard({ feature }: { feature: Feature }) {
  return (
    <Card variant="outlined" component="article" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ color: 'primary.main', mb: 1 }} aria-hidden>
          {feature.icon}
        </Box>
        <Typography variant="h6" component="h3" gutterBottom>
          {feature.title}
        </Typography>
        <Typography color="text.secondary">{feature.text}</Typography>
      </CardContent>
    </Card>
  );
}

/** The public landing page: four features, a closing call to action, a credit. */
export function LandingPage({ branding }: { branding: Branding }) {
  const { productName, logoUrl, footerCredit } = branding;
  const brand = (field: 'productName' | 'footerCredit' | 'logoUrl') => ({
    [BRANDING_FIELD_ATTRIBUTE]: field,
  });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="static" color="transparent" elevation={0}>
        <Toolbar sx={{ gap: 1 }}>
          {/* Always there, so a page rendered with the default brand can show a host's logo. */}
          <Box
            component="img"
            src={logoUrl}
            alt=""
            hidden={!logoUrl}
            sx={{ height: 28 }}
            {...brand('logoUrl')}
          />
          <Typography
            variant="h6"
            component="span"
            sx={{ flexGrow: 1, fontWeight: 700 }}
            {...brand('productName')}
          >
            {productName}
          </Typography>
          <Button component={RouterLink} to="/login" variant="outlined">
            {OnboardingTexts.login}
          </Button>
        </Toolbar>
      </AppBar>

      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, '&:focus': { outline: 'none' } }}
      >
        <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
          <Typography variant="h3" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
            {LandingCopy.headline}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4 }}>
            <span {...brand('productName')}>{productName}</span> {LandingCopy.subline}
          </Typography>
          <GetStartedButton />
        </Container>

        <Container maxWidth="lg" component="section" aria-labelledby="features-heading">
          <Typography id="features-heading" variant="h4" component="h2" align="center" gutterBottom>
            {LandingCopy.featuresHeading}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              py: 3,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            }}
          >
            {FEATURES.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} />
            ))}
          </Box>
        </Container>

        <Container
          maxWidth="md"
          component="section"
          aria-labelledby="cta-heading"
          sx={{ py: { xs: 6, md: 8 }, textAlign: 'center' }}
        >
          <Typography id="cta-heading" variant="h4" component="h2" gutterBottom>
            {LandingCopy.closingHeading}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {LandingCopy.closingText}
          </Typography>
          <GetStartedButton />
        </Container>
      </Box>

      <Box
        component="footer"
        sx={{ py: 3, borderTop: 1, borderColor: 'divider', textAlign: 'center' }}
      >
        <Typography variant="body2" color="text.secondary" {...brand('footerCredit')}>
          {footerCredit}
        </Typography>
      </Box>
    </Box>
  );
}
