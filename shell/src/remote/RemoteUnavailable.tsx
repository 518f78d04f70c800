import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useBranding } from '@meetings/shell-context';
import { findIncompatibility } from '../federation/compatibility.js';
import { RETRY_LABEL, type RemoteFallbackProps } from './RemoteFallback.js';

/** What a slot shows when its remote cannot be loaded or crashed; the rest of the page works. */
export function RemoteUnavailable({ title: what, retry, error }: RemoteFallbackProps) {
  const { productName } = useBranding();
  const refused = findIncompatibility(error);
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto' }}>
      {refused ? (
        <Alert severity="error">
          <AlertTitle>{`${what} cannot be shown`}</AlertTitle>
          {`The deployed version of ${what} was built for ${refused.needs}, but ${productName} provides ${refused.provides}. It stays off until a version built for this ${productName} is deployed.`}
        </Alert>
      ) : (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {RETRY_LABEL}
            </Button>
          }
        >
          <AlertTitle>{`${what} could not be loaded`}</AlertTitle>
          {`The rest of ${productName} still works. Check your connection and try again.`}
        </Alert>
      )}
    </Box>
  );
}
