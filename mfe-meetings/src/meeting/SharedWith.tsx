import { savedFields } from './optimistic.js';
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
  type ShareRole,
} from '@meetings/contracts';
import { ApiError, useToast } from '@meetings/shell-context';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useMeetingsApi } from '../api.js';
import { MeetingCopy } from '../texts.js';
import { EmptyListText } from '../components/EmptyListText.js';
import { EmailChips, RoleSelect } from './EmailChips.js';
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

/**
 * The people a meeting is shared with, as chips; add with "Share" or Enter (the box keeps the
 * focus for the next address), remove on the chip.
 */
export function SharedWith({
  meeting,
  onChange,
}: {
  meeting: Pick<Meeting, '_id' | 'sharedWith' | 'sharedRoles'>;
  onChange: (patch: MeetingPatch) => void;
}) {
  const api = useMeetingsApi();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ShareRole>('viewer');
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
      const { meeting: saved } = await api.addSharedUser(meeting._id, address, role);
      onChange(savedFields(saved, 'sharedWith', 'sharedRoles'));
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
      onChange(savedFields(saved, 'sharedWith', 'sharedRoles'));
      const removed = SuccessToasts.userRemoved(address);
      toast.success(removed.title, removed.description);
    } catch {
      toast.error(MeetingMessages.removeSharedUserFailed);
    }
  }

  async function changeRole(address: string, next: ShareRole) {
    try {
      const { meeting: saved } = await api.addSharedUser(meeting._id, address, next);
      onChange(savedFields(saved, 'sharedWith', 'sharedRoles'));
      toast.success(MeetingCopy.roleChanged(address, MeetingCopy.roles[next]));
    } catch {
      toast.error(MeetingMessages.addSharedUserFailed);
    }
  }

  return (
    <SharedWithSection>
      {meeting.sharedWith.length ? (
        <Box sx={{ mb: 1.5 }}>
          <EmailChips
            emails={meeting.sharedWith}
            onRemove={(address) => void unshare(address)}
            roles={meeting.sharedRoles}
            onRoleChange={(address, next) => void changeRole(address, next)}
          />
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
          sx={{ flexGrow: 1, maxWidth: 420 }}
          // Read-only rather than disabled while sharing: a disabled box loses the focus, and the
          // next address is typed right after Enter.
          slotProps={{
            htmlInput: { 'aria-label': MeetingCopy.shareEmailLabel, readOnly: busy },
          }}
        />
        <Box sx={{ pt: 0.5 }}>
          <RoleSelect
            label={MeetingCopy.shareRoleLabel}
            value={role}
            onChange={setRole}
            disabled={busy}
          />
        </Box>
        <Button type="submit" variant="outlined" disabled={busy}>
          {MeetingTexts.share}
        </Button>
      </Box>
    </SharedWithSection>
  );
}

/** The shared list without changing it: who, and with `roles` (an editor's view) in which role. */
export function SharedWithList({
  emails,
  roles,
}: {
  emails: readonly string[];
  roles?: Readonly<Record<string, ShareRole>>;
}) {
  return (
    <SharedWithSection>
      {emails.length ? (
        <EmailChips emails={emails} roles={roles} />
      ) : (
        <EmptyListText>{MeetingMessages.notSharedWithAnyone}</EmptyListText>
      )}
    </SharedWithSection>
  );
}

/** The "Shared with" heading over what the page shows of it. */
export function SharedWithSection({ children }: { children: ReactNode }) {
  return (
    <Box component="section" aria-label={MeetingTexts.sharedWith}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {MeetingTexts.sharedWith}
      </Typography>
      {children}
    </Box>
  );
}
