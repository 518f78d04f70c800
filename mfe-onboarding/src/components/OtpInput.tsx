import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { OTP_LENGTH } from '@meetings/contracts';
import type { ClipboardEvent, KeyboardEvent, RefObject } from 'react';
import { VerifyCopy } from '../texts.js';

export const EMPTY_CODE: readonly string[] = Array.from({ length: OTP_LENGTH }, () => '');

/** Digits of a pasted text, non-digits stripped, at most six. */
export function pastedDigits(text: string): string[] {
  return text.replace(/\D/g, '').slice(0, OTP_LENGTH).split('');
}

interface OtpInputProps {
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  inputs: RefObject<(HTMLInputElement | null)[]>;
  disabled?: boolean;
}

/** Six one-digit boxes: typing moves on, Backspace in an empty box moves back, paste fills. */
export function OtpInput({ digits, onChange, inputs, disabled }: OtpInputProps) {
  const focus = (index: number) => inputs.current[index]?.focus();

  function type(index: number, value: string) {
    const typed = value.replace(/\D/g, '');
    if (typed.length > 1) {
      // Autofill or a paste the browser delivered as input: spread it from this box on.
      fillFrom(index, typed);
      return;
    }
    const next = [...digits];
    next[index] = typed;
    onChange(next);
    if (typed && index < OTP_LENGTH - 1) focus(index + 1);
  }

  function fillFrom(start: number, text: string) {
    const pasted = pastedDigits(text);
    if (pasted.length === 0) return;
    const next = [...digits];
    pasted.slice(0, OTP_LENGTH - start).forEach((digit, offset) => (next[start + offset] = digit));
    onChange(next);
    focus(Math.min(start + pasted.length, OTP_LENGTH - 1));
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      focus(index - 1);
    }
  }

  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    event.preventDefault();
    // Six pasted digits fill every box, whichever box had the focus.
    fillFrom(0, event.clipboardData.getData('text'));
  }

  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
      {digits.map((digit, index) => (
        <TextField
          key={index}
          value={digit}
          disabled={disabled}
          autoFocus={index === 0}
          onChange={(event) => type(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          inputRef={(element: HTMLInputElement | null) => {
            inputs.current[index] = element;
          }}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              pattern: '[0-9]*',
              maxLength: 1,
              autoComplete: index === 0 ? 'one-time-code' : 'off',
              'aria-label': VerifyCopy.digitLabel(index + 1),
              style: { textAlign: 'center', fontSize: '1.5rem', padding: '12px 0' },
            },
          }}
          sx={{ width: 48 }}
        />
      ))}
    </Box>
  );
}
