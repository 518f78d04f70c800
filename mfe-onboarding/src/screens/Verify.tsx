import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AuthMessages,
  LOGIN_REDIRECT_DELAY_MS,
  OnboardingTexts,
  ValidationMessages,
} from '@meetings/contracts';
import { errorText, useAuth, useToast } from '@meetings/shell-context';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from '@meetings/shell-context/router';
import { EMPTY_CODE, OtpInput } from '../components/OtpInput.js';
import { ScreenCard } from '../components/ScreenCard.js';
import { VerifyCopy } from '../texts.js';

/** Router state /login hands to /verify. */
export interface VerifyState {
  email: string;
}

function emailFrom(state: unknown): string | null {
  const email = (state as Partial<VerifyState> | null)?.email;
  return typeof email === 'string' && email ? email : null;
}

/** /verify: six boxes, "Verify & Login", "Resend Code". */
export function Verify() {
  const email = emailFrom(useLocation().state);
  return email ? <VerifyForm email={email} /> : <Navigate to="/login" replace />;
}

function VerifyForm({ email }: { email: string }) {
  const { validateOtp, requestOtp, markLoggedIn } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [digits, setDigits] = useState<string[]>([...EMPTY_CODE]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  // Focus after the render that re-enables the boxes; a disabled box cannot take focus.
  const [focusRequests, setFocusRequests] = useState(0);

  useEffect(() => {
    if (focusRequests > 0) inputs.current[0]?.focus();
  }, [focusRequests]);

  useEffect(() => {
    if (!signedIn) return;
    // Shortly after success, on to the app without a way back.
    const timer = setTimeout(
      () => navigate('/app/meetings', { replace: true }),
      LOGIN_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);

  function clearCode() {
    setDigits([...EMPTY_CODE]);
    setFocusRequests((count) => count + 1);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = digits.join('');
    if (!/^\d{6}$/.test(code)) {
      setError(ValidationMessages.otpIncomplete);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await validateOtp(email, code);
      if (result.success) {
        markLoggedIn(result.token, result.user ?? null);
        setSignedIn(true);
        return;
      }
      setError(result.message || AuthMessages.verifyUnsuccessful);
    } catch (failure) {
      setError(errorText(failure, AuthMessages.verifyFailed));
    }
    setBusy(false);
    clearCode();
  }

  async function onResend() {
    clearCode();
    setError(null);
    setBusy(true);
    try {
      await requestOtp(email);
      toast.success(VerifyCopy.codeSentTitle, VerifyCopy.codeSentText(email));
    } catch {
      setError(AuthMessages.resendFailed);
    }
    setBusy(false);
  }

  return (
    <ScreenCard heading={VerifyCopy.heading}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {VerifyCopy.intro(email)}
      </Typography>
      <Stack component="form" spacing={3} onSubmit={onSubmit} noValidate>
        <OtpInput
          digits={digits}
          onChange={setDigits}
          inputs={inputs}
          disabled={busy || signedIn}
        />
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Button type="submit" variant="contained" size="large" disabled={busy || signedIn}>
          {OnboardingTexts.verifyAndLogin}
        </Button>
        <Button type="button" variant="text" onClick={onResend} disabled={busy || signedIn}>
          {OnboardingTexts.resendCode}
        </Button>
      </Stack>
    </ScreenCard>
  );
}
