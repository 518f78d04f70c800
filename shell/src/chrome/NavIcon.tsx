import ChecklistIcon from '@mui/icons-material/Checklist';
import EventNoteIcon from '@mui/icons-material/EventNote';
import { Paths } from '../routing/paths.js';

export function NavIcon({ to }: { to: string }) {
  return to === Paths.actions ? <ChecklistIcon /> : <EventNoteIcon />;
}
