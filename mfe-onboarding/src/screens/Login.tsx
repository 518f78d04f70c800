import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AuthMessages, OnboardingTexts } from '@meetings/contracts';
import { errorText, useAuth, useToast } from '@meetings/shell-context';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@meetings/shell-context/router';
import { ScreenCard } from '../components/ScreenCard.js';
import { LoginCopy } from '../texts.js';
import type { VerifyState } from './Verify.js';

/** /login: one e-mail field; the code goes out and /verify takes over. */
export function Login() {
  const { requestOtp } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    setSending(true);
    try {
      await requestOtp(address);
      navigate('/verify', { state: { email: address } satisfies VerifyState });
    } catch (error) {
      toast.error(errorText(error, AuthMessages.requestOtpFailed));
      setSending(false);
    }
  }

  return (
    <ScreenCard heading={LoginCopy.heading}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {LoginCopy.intro}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={onSubmit}>
        <TextField
          label={LoginCopy.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          required
          autoFocus
          fullWidth
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="contained" size="large" disabled={sending}>
          {sending ? OnboardingTexts.sendingCode : OnboardingTexts.sendLoginCode}
        </Button>
      </Stack>
    </ScreenCard>
  );
}
