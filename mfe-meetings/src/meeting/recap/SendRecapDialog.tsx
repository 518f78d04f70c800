import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { MeetingTexts, type Meeting } from '@meetings/contracts';
import { recapRecipients } from '@meetings/domain';
import { RecapCopy } from '../../texts.js';

/** The preview before a recap goes out: who receives it, then Send or Cancel. */
export default function SendRecapDialog({
  meeting,
  busy,
  onCancel,
  onSend,
}: {
  meeting: Meeting;
  busy: boolean;
  onCancel: () => void;
  onSend: () => void;
}) {
  const recipients = recapRecipients(meeting.owner.email, meeting.sharedWith);
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="send-recap-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="send-recap-title">{RecapCopy.dialogTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{RecapCopy.dialogIntro}</DialogContentText>
        <Typography variant="subtitle2" component="h3" id="recap-recipients" sx={{ mt: 2 }}>
          {RecapCopy.recipientsLabel} ({recipients.length})
        </Typography>
        <List dense aria-labelledby="recap-recipients">
          {recipients.map((email, index) => (
            <ListItem key={email} disableGutters>
              <ListItemText primary={index === 0 ? `${email} ${MeetingTexts.ownerLabel}` : email} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {RecapCopy.cancel}
        </Button>
        <Button variant="contained" onClick={onSend} disabled={busy}>
          {busy ? RecapCopy.sending : RecapCopy.send}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
