import { savedFields } from './optimistic.js';
import InputBase from '@mui/material/InputBase';
import { MeetingTexts, TITLE_AUTOSAVE_DEBOUNCE_MS, type Meeting } from '@meetings/contracts';
import { ApiError, useToast } from '@meetings/shell-context';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMeetingsApi } from '../api.js';
import { useDebouncedValue } from '../hooks/useDebouncedValue.js';
import { MeetingCopy } from '../texts.js';
import type { MeetingPatch } from './useMeetingLoad.js';
import { useMeetingSaves } from './saves.js';

/**
 * The inline title: saved 1500 ms after typing stops, and at once when the field is left
 * (Enter leaves it), but only when it differs from the stored title. A title changed elsewhere
 * (live updates) shows at once unless this field is being edited: focused, or holding a change not
 * yet saved.
 */
export function TitleField({
  meeting,
  onChange,
}: {
  meeting: Pick<Meeting, '_id' | 'title'>;
  onChange: (patch: MeetingPatch) => void;
}) {
  const api = useMeetingsApi();
  const toast = useToast();
  const saves = useMeetingSaves();
  const [title, setTitle] = useState(meeting.title);
  const settled = useDebouncedValue(title, TITLE_AUTOSAVE_DEBOUNCE_MS);
  const stored = useRef(meeting.title);
  const latest = useRef(title);
  const [focused, setFocused] = useState(false);
  /** The title from the server last taken into account, and whether typing has happened since. */
  const seen = useRef(meeting.title);
  const typed = useRef(false);

  const save = useCallback(
    async (value: string) => {
      const next = value.trim();
      if (next === stored.current) typed.current = false;
      if (!next || next === stored.current) return;
      const before = stored.current;
      stored.current = next;
      try {
        const { meeting: saved } = await api.updateInfo(meeting._id, { title: next });
        if (latest.current.trim() === saved.title) typed.current = false;
        onChange(savedFields(saved, 'title'));
      } catch (error) {
        stored.current = before;
        // No product text exists for this; the server's own text is shown when it sent one.
        if (error instanceof ApiError && error.serverMessage) toast.error(error.serverMessage);
      }
    },
    [api, toast, onChange, meeting._id],
  );

  useEffect(() => {
    latest.current = title;
  }, [title]);

  // What is typed wins over a title changed elsewhere meanwhile (its save follows); otherwise the
  // new title shows once the field is left.
  useEffect(() => {
    if (focused || meeting.title === seen.current) return;
    seen.current = meeting.title;
    if (typed.current || meeting.title === stored.current) return;
    stored.current = meeting.title;
    latest.current = meeting.title;
    setTitle(meeting.title);
  }, [meeting.title, focused]);

  useEffect(() => {
    void save(settled);
  }, [settled, save]);

  // Leaving the page (or duplicating) keeps a title typed in the last 1.5 s.
  useEffect(() => saves.register(() => save(latest.current)), [saves, save]);
  useEffect(() => () => void save(latest.current), [save]);

  return (
    <InputBase
      value={title}
      onChange={(event) => {
        typed.current = true;
        setTitle(event.target.value);
      }}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        void save(title);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          (event.target as HTMLInputElement).blur();
        }
      }}
      placeholder={MeetingTexts.titlePlaceholder}
      fullWidth
      inputProps={{ 'aria-label': MeetingCopy.titleLabel }}
      sx={{
        fontSize: { xs: 24, sm: 30 },
        fontWeight: 600,
        '& input': {
          px: 1,
          py: 0.5,
          borderRadius: 1,
          border: 1,
          borderColor: 'transparent',
        },
        '& input:hover': { borderColor: 'divider' },
        '& input:focus': { borderColor: 'primary.main' },
      }}
    />
  );
}
