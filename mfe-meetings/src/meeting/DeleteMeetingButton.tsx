import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MeetingMessages, MeetingTexts, SuccessToasts } from '@meetings/contracts';
import { useToast } from '@meetings/shell-context';
import { useState } from 'react';
import { useNavigate } from '@meetings/shell-context/router';
import { useMeetingsApi } from '../api.js';
import { MEETINGS_PATH } from '../paths.js';
import { MeetingCopy } from '../texts.js';

/** "Delete", confirmed, then back to the list. */
export function DeleteMeetingButton({ meetingId }: { meetingId: string }) {
  const api = useMeetingsApi();
  const toast = useToast();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await api.remove(meetingId);
      toast.success(SuccessToasts.meetingDeleted.title);
      navigate(MEETINGS_PATH, { replace: true });
    } catch {
      toast.error(MeetingMessages.deleteMeetingFailed);
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
        {MeetingTexts.delete}
      </Button>
      <Dialog
        open={confirming}
        onClose={busy ? undefined : () => setConfirming(false)}
        aria-labelledby="delete-meeting-title"
      >
        <DialogTitle id="delete-meeting-title">{MeetingCopy.deleteDialogTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{MeetingMessages.deleteConfirmation}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            {MeetingCopy.cancel}
          </Button>
          <Button color="error" variant="contained" onClick={() => void remove()} disabled={busy}>
            {MeetingTexts.delete}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
