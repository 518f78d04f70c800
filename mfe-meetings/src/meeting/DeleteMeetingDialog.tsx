import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MeetingMessages, MeetingTexts } from '@meetings/contracts';
import { MeetingCopy } from '../texts.js';

/** "Are you sure?" before a meeting is deleted; DeleteMeetingButton loads it when clicked. */
export default function DeleteMeetingDialog({
  busy,
  onCancel,
  onConfirm,
}: {
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby="delete-meeting-title">
      <DialogTitle id="delete-meeting-title">{MeetingCopy.deleteDialogTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{MeetingMessages.deleteConfirmation}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {MeetingCopy.cancel}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {MeetingTexts.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
