import { EMAIL_MAX_LENGTH, EMAIL_SHAPE } from '@meetings/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareEmailError } from './SharedWith.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the shared e-mail check as it is typed', () => {
  it('gives the sharing messages in order', () => {
    expect(shareEmailError('  ', [])).toBe('Email cannot be empty.');
    expect(shareEmailError('not an email', [])).toBe('Please enter a valid email address.');
    expect(shareEmailError(' Bob@Example.org ', ['bob@example.org'])).toBe('Email already shared.');
    expect(shareEmailError('bob@example.org', [])).toBeNull();
  });

  it('refuses an over-long address without running the pattern on it', () => {
    const test = vi.spyOn(EMAIL_SHAPE, 'test');
    expect(shareEmailError(`${'a'.repeat(EMAIL_MAX_LENGTH)}@b.co`, [])).toBe(
      'Please enter a valid email address.',
    );
    expect(shareEmailError(`a@${'.'.repeat(100_000)}@`, [])).toBe(
      'Please enter a valid email address.',
    );
    expect(test).not.toHaveBeenCalled();
  });
});
