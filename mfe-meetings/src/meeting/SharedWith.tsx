import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_SHAPE,
  MeetingErrorCode,
  MeetingMessages,
  MeetingTexts,
  SuccessToasts,
  ValidationMessages,
  type Meeting,
} from '@meetings/contracts';
import { ApiError, useToast } from '@meetings/shell-context';
import { useState, type FormEvent } from 'react';
import { useMeetingsApi } from '../api.js';
import { MeetingCopy } from '../texts.js';
import { EmailChips } from './EmailChips.js';
import type { MeetingPatch } from './useMeetingLoad.js';

/** The trimmed e-mail must be non-empty, shaped like an e-mail and not shared yet. */
export function shareEmailError(input: string, sharedWith: readonly string[]): string | null {
  const email = input.trim();
  if (!email) return ValidationMessages.emailEmpty;
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_SHAPE.test(email))
    return ValidationMessages.emailInvalid;
  const lower = email.toLowerCase();
  if (sharedWith.some((shared) => shared.toLowerCase() === lower))
    return ValidationMessages.emailAlreadyShared;
  return null;
}

/** Refusals the server words for the person typing (owner's own address, already shared...). */
const FIELD_ERROR_CODES: readonly string[] = [
  MeetingErrorCode.EmailEmpty,
  MeetingErrorCode.EmailInvalid,
  MeetingErrorCode.EmailAlreadyShared,
  MeetingErrorCode.EmailIsOwner,
];

/** The people a meeting is shared with, as chips; add with "Share" or Enter, remove on the chip. */
export function SharedWith({
  meeting,
  onChange,
}: {
  meeting: Pick<Meeting, '_id' | 'sharedWith'>;
  onChange: (patch: MeetingPatch) => void;
}) {
  const api = useMeetingsApi();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function share(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = shareEmailError(email, meeting.sharedWith);
    if (problem) {
      setError(problem);
      return;
    }
    const address = email.trim();
    setBusy(true);
    try {
      const { meeting: saved } = await api.addSharedUser(meeting._id, address);
      onChange({ sharedWith: saved.sharedWith });
      setEmail('');
      const added = SuccessToasts.userAdded(address);
      toast.success(added.title, added.description);
    } catch (failure) {
      if (
        failure instanceof ApiError &&
        failure.code &&
        FIELD_ERROR_CODES.includes(failure.code) &&
        failure.serverMessage
      ) {
        setError(failure.serverMessage);
      } else {
        toast.error(MeetingMessages.addSharedUserFailed);
      }
    } finally {
      setBusy(false);
    }
  }

  async function unshare(address: string) {
    try {
      const { meeting: saved } = await api.removeSharedUser(meeting._id, address);
      onChange({ sharedWith: saved.sharedWith });
      const removed = SuccessToasts.userRemoved(address);
      toast.success(removed.title, removed.description);
    } catch {
      toast.error(MeetingMessages.removeSharedUserFailed);
    }
  }

  return (
    <Box component="section" aria-label={MeetingTexts.sharedWith}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {MeetingTexts.sharedWith}
      </Typography>
      {meeting.sharedWith.length ? (
        <Box sx={{ mb: 1.5 }}>
          <EmailChips emails={meeting.sharedWith} onRemove={(address) => void unshare(address)} />
        </Box>
      ) : null}
      <Box
        component="form"
        onSubmit={share}
        noValidate
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          placeholder={MeetingTexts.addEmailPlaceholder}
          error={Boolean(error)}
          helperText={error ?? undefined}
          disabled={busy}
          sx={{ flexGrow: 1, maxWidth: 420 }}
          slotProps={{ htmlInput: { 'aria-label': MeetingCopy.shareEmailLabel } }}
        />
        <Button type="submit" variant="outlined" disabled={busy}>
          {MeetingTexts.share}
        </Button>
      </Box>
    </Box>
  );
}
