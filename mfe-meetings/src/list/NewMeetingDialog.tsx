import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { MeetingTexts, SubscriptionMessages } from '@meetings/contracts';
import { useSubscription } from '@meetings/shell-context';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@meetings/shell-context/router';
import { useMeetingsApi } from '../api.js';
import { MeetingCopy } from '../texts.js';
import {
  CHANGE_SUBSCRIPTION_PATH,
  meetingPath,
  SUBSCRIPTION_CHOICE_PATH,
  NEW_MEETING_STATE,
} from '../paths.js';

/**
 * The New Meeting dialog (docs/product.md, Plans and the trial): the plan is force-refreshed on open and on submit; a free
 * plan on submit closes the dialog and goes to the subscription choice.
 */
function NewMeetingDialog({ onClose }: { onClose: () => void }) {
  const api = useMeetingsApi();
  const { current, get } = useSubscription();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const free = current?.status === 'free';

  useEffect(() => {
    // A failed refresh falls back to the cached plan; nothing is shown.
    get({ force: true }).catch(() => undefined);
  }, [get]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed || busy) return;
    setBusy(true);
    const plan = await get({ force: true }).catch(() => current);
    if (plan?.status === 'free') {
      onClose();
      navigate(SUBSCRIPTION_CHOICE_PATH);
      return;
    }
    try {
      const { meeting } = await api.create(trimmed);
      navigate(meetingPath(meeting._id), { state: NEW_MEETING_STATE });
    } catch (error) {
      // A failed creation shows no message.
      console.warn('Creating the meeting failed', error);
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{MeetingTexts.createDialogTitle}</DialogTitle>
        <DialogContent>
          {free ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              <AlertTitle>{SubscriptionMessages.freeTierLimitationTitle}</AlertTitle>
              {SubscriptionMessages.freeTierLimitationText}
            </Alert>
          ) : null}
          <TextField
            autoFocus
            required
            fullWidth
            margin="dense"
            label={MeetingTexts.meetingTitleLabel}
            placeholder={MeetingTexts.titlePlaceholder}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            disabled={busy}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {free ? (
            <Tooltip title={SubscriptionMessages.upgradeTooltip} describeChild>
              <Button onClick={() => navigate(CHANGE_SUBSCRIPTION_PATH)}>
                {SubscriptionMessages.upgradeToPremium}
              </Button>
            </Tooltip>
          ) : null}
          <Button onClick={onClose} disabled={busy}>
            {MeetingCopy.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !title.trim()}>
            {busy ? MeetingTexts.creating : MeetingTexts.createMeeting}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export default NewMeetingDialog;
