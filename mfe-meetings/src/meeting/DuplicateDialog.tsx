import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  DuplicateTexts,
  MeetingMessages,
  MeetingTexts,
  type DuplicateMeetingBody,
} from '@meetings/contracts';
import { roundDownToStep } from '@meetings/domain/dates';
import { useToast } from '@meetings/shell-context';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@meetings/shell-context/router';
import { useMeetingsApi } from '../api.js';
import { meetingPath } from '../paths.js';
import { DateTimeFields } from './DateTimeFields.js';
import { useMeetingSaves } from './saves.js';

type AgendaOption = DuplicateMeetingBody['agendaOption'];
type ActionsOption = DuplicateMeetingBody['actionsOption'];

const AGENDA_OPTIONS: [AgendaOption, string][] = [
  ['all', DuplicateTexts.agendaAll],
  ['incomplete', DuplicateTexts.agendaIncomplete],
];
const ACTIONS_OPTIONS: [ActionsOption, string][] = [
  ['none', DuplicateTexts.actionsNone],
  ['move-incomplete', DuplicateTexts.actionsMoveIncomplete],
  ['all', DuplicateTexts.actionsAll],
];

/**
 * The duplicate dialog: title prefilled, now rounded down to 15 minutes, agenda "all",
 * actions "none", notes and shared e-mails off. Opens the copy (`meeting.id`) when done.
 */
export function DuplicateDialog({
  meeting,
  onClose,
}: {
  meeting: { _id: string; title: string };
  onClose: () => void;
}) {
  const api = useMeetingsApi();
  const toast = useToast();
  const navigate = useNavigate();
  const saves = useMeetingSaves();
  const [title, setTitle] = useState(meeting.title);
  const [date, setDate] = useState(() => roundDownToStep(new Date()));
  const [includeShared, setIncludeShared] = useState(false);
  const [agendaOption, setAgendaOption] = useState<AgendaOption>('all');
  const [includeNotes, setIncludeNotes] = useState(false);
  const [actionsOption, setActionsOption] = useState<ActionsOption>('none');
  const [busy, setBusy] = useState(false);
  const [dateValid, setDateValid] = useState(true);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!title.trim() || !dateValid || busy) return;
    setBusy(true);
    // The copy takes what is on screen, including notes and a title typed a moment ago.
    await saves.flushAll();
    try {
      const { meeting: copy } = await api.duplicate(meeting._id, {
        title: title.trim(),
        date: date.toISOString(),
        includeShared,
        agendaOption,
        includeNotes,
        actionsOption,
      });
      const id = copy?.id;
      if (!id) {
        toast.error(MeetingMessages.duplicateNoId);
        setBusy(false);
        return;
      }
      onClose();
      navigate(meetingPath(id));
    } catch {
      toast.error(MeetingMessages.duplicateFailed);
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{MeetingTexts.duplicateMeeting}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              required
              label={DuplicateTexts.meetingTitle}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              fullWidth
            />
            <FormControl component="fieldset">
              <FormLabel component="legend" sx={{ mb: 1.5 }}>
                {DuplicateTexts.dateAndTime}
              </FormLabel>
              <DateTimeFields
                idPrefix="duplicate"
                value={date}
                onChange={setDate}
                onValidityChange={setDateValid}
              />
            </FormControl>
            <FormControlLabel
              control={
                <Checkbox
                  checked={includeShared}
                  onChange={(event) => setIncludeShared(event.target.checked)}
                />
              }
              label={DuplicateTexts.includeShared}
            />
            <FormControl>
              <FormLabel id="duplicate-agenda">{DuplicateTexts.agendaItems}</FormLabel>
              <RadioGroup
                aria-labelledby="duplicate-agenda"
                value={agendaOption}
                onChange={(event) => setAgendaOption(event.target.value as AgendaOption)}
              >
                {AGENDA_OPTIONS.map(([value, label]) => (
                  <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
                ))}
              </RadioGroup>
            </FormControl>
            <FormControlLabel
              control={
                <Checkbox
                  checked={includeNotes}
                  onChange={(event) => setIncludeNotes(event.target.checked)}
                />
              }
              label={DuplicateTexts.includeNotes}
            />
            <FormControl>
              <FormLabel id="duplicate-actions">{DuplicateTexts.actions}</FormLabel>
              <RadioGroup
                aria-labelledby="duplicate-actions"
                value={actionsOption}
                onChange={(event) => setActionsOption(event.target.value as ActionsOption)}
              >
                {ACTIONS_OPTIONS.map(([value, label]) => (
                  <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
                ))}
              </RadioGroup>
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {DuplicateTexts.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !title.trim() || !dateValid}>
            {DuplicateTexts.duplicate}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
