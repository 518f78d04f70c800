import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { MeetingTexts } from '@meetings/contracts';
import { avatarStack, initials } from '@meetings/domain';
import { ListCopy } from '../texts.js';

const SIZE = 30;

function PersonAvatar({ email, label, owner }: { email: string; label: string; owner?: boolean }) {
  return (
    <Tooltip title={label}>
      <Avatar
        aria-label={label}
        role="img"
        sx={{
          width: SIZE,
          height: SIZE,
          fontSize: 12,
          ml: owner ? 0 : -0.75,
          border: 2,
          borderColor: 'background.paper',
          bgcolor: owner ? 'primary.main' : 'grey.700',
          color: owner ? 'primary.contrastText' : 'common.white',
        }}
      >
        {initials(email)}
      </Avatar>
    </Tooltip>
  );
}

/** Owner first (labelled "(Owner)"), up to 4 other people, then "+N more". */
export function AvatarStack({
  owner,
  sharedWith,
}: {
  owner: string | { email?: string | null } | null | undefined;
  sharedWith: readonly string[];
}) {
  const stack = avatarStack(owner, sharedWith);
  return (
    <Box
      role="group"
      aria-label={ListCopy.avatarsLabel}
      sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}
    >
      <PersonAvatar email={stack.owner} label={`${stack.owner} ${MeetingTexts.ownerLabel}`} owner />
      {stack.shared.map((email) => (
        <PersonAvatar key={email} email={email} label={email} />
      ))}
      {stack.more > 0 ? (
        <Box
          component="span"
          sx={{ ml: 1, fontSize: 12, color: 'text.secondary', whiteSpace: 'nowrap' }}
        >
          {MeetingTexts.moreAvatars(stack.more)}
        </Box>
      ) : null}
    </Box>
  );
}
