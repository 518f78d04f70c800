import DownloadIcon from '@mui/icons-material/Download';
import MailIcon from '@mui/icons-material/EmailOutlined';
import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { Meeting } from '@meetings/contracts';
import { errorText, useToast } from '@meetings/shell-context';
import { lazy, Suspense, useState } from 'react';
import { meetingUrl, useMeetingsApi } from '../../api.js';
import { RecapCopy } from '../../texts.js';

// The dialog (and MUI's dialog with it) loads when asked for, not with the page.
const SendRecapDialog = lazy(() => import('./SendRecapDialog.js'));

/** "Send recap" (editors): a preview of who receives it, then the answer in a toast. */
export function SendRecapButton({ meeting }: { meeting: Meeting }) {
  const api = useMeetingsApi();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    try {
      const { sent } = await api.sendRecap(meeting._id);
      toast.success(RecapCopy.sent, RecapCopy.sentTo(sent));
    } catch (error) {
      // A recap sent less than 10 minutes ago: the server says so.
      toast.error(errorText(error, RecapCopy.sendFailed));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }

  return (
    <>
      <Button startIcon={<MailIcon />} onClick={() => setOpen(true)}>
        {RecapCopy.sendRecap}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SendRecapDialog
            meeting={meeting}
            busy={busy}
            onCancel={() => setOpen(false)}
            onSend={() => void send()}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * "Export" (the meeting as Markdown, a plain link so the browser downloads it under the server's
 * file name) and "Print" (the browser's dialog; see the print styles).
 */
export function ExportAndPrint({ meetingId }: { meetingId: string }) {
  return (
    <>
      <Tooltip title={RecapCopy.exportHint} describeChild>
        <Button
          component="a"
          href={meetingUrl(meetingId, 'export.md')}
          download
          startIcon={<DownloadIcon />}
        >
          {RecapCopy.exportMarkdown}
        </Button>
      </Tooltip>
      <Tooltip title={RecapCopy.printHint} describeChild>
        <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
          {RecapCopy.print}
        </Button>
      </Tooltip>
    </>
  );
}
