import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../testing.js';
import { ActionRow } from './ActionRow.js';

describe('ActionRow', () => {
  it("shows a hashtag as a chip only when it is in the action's list", () => {
    const { container } = render(
      <ActionRow
        action={{ text: 'Ship #release to #ops today', completed: false, hashtags: ['release'] }}
      />,
    );
    const chips = [...container.querySelectorAll('[data-hashtag]')].map((c) => c.textContent);
    expect(chips).toEqual(['#release']);
    expect(container.textContent).toBe('Ship #release to #ops today');
  });

  it('strikes a completed action through and reports a tick', async () => {
    const onToggle = vi.fn();
    render(
      <ActionRow
        action={{ text: 'Done thing', completed: true, hashtags: [] }}
        onToggle={onToggle}
      />,
    );
    const text = screen.getByText('Done thing').closest('.MuiBox-root')!.parentElement!;
    expect(getComputedStyle(text).textDecoration).toContain('line-through');
    const box = screen.getByRole('checkbox', { name: 'Done thing' });
    expect((box as HTMLInputElement).checked).toBe(true);
    await userEvent.click(box);
    expect(onToggle).toHaveBeenCalledWith(false);
  });

  it('strikes the hashtag chips of a completed action through as well', () => {
    const { container, rerender } = render(
      <ActionRow action={{ text: 'Send #notes', completed: true, hashtags: ['notes'] }} />,
    );
    const label = () => container.querySelector('[data-hashtag] .MuiChip-label')!;
    expect(getComputedStyle(label()).textDecoration).toContain('line-through');
    rerender(<ActionRow action={{ text: 'Send #notes', completed: false, hashtags: ['notes'] }} />);
    expect(getComputedStyle(label()).textDecoration).not.toContain('line-through');
  });

  it('is read-only without a toggle handler', () => {
    render(<ActionRow action={{ text: 'Look only', completed: false, hashtags: [] }} />);
    expect((screen.getByRole('checkbox', { name: 'Look only' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });
});
