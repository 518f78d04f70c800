import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { MeetingCopy } from '../../texts.js';
import type { Person } from './live-notes.js';

/** Small avatars of the others who have the notes open (the live room's awareness). */
export function PeopleHere({ people }: { people: Person[] }) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      role="list"
      aria-label={MeetingCopy.notesPeopleHere}
      data-testid="notes-people"
      sx={{ mb: 1 }}
    >
      {people.map((person) => (
        <Tooltip key={person.clientId} title={person.name}>
          <Avatar
            role="listitem"
            aria-label={person.name}
            sx={{ width: 28, height: 28, fontSize: 14, bgcolor: person.color }}
          >
            {person.name.slice(0, 1).toUpperCase()}
          </Avatar>
        </Tooltip>
      ))}
    </Stack>
  );
}
