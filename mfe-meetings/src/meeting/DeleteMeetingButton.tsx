import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import { MeetingMessages, MeetingTexts, SuccessToasts } from '@meetings/contracts';
import { useToast } from '@meetings/shell-context';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from '@meetings/shell-context/router';
import { useMeetingsApi } from '../api.js';
import { MEETINGS_PATH } from '../paths.js';

// The confirmation (and MUI's dialog with it) loads when asked for, not with the page.
const DeleteMeetingDialog = lazy(() => import('./DeleteMeetingDialog.js'));

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
      {confirming ? (
        <Suspense fallback={null}>
          <DeleteMeetingDialog
            busy={busy}
            onCancel={() => setConfirming(false)}
            onConfirm={() => void remove()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
