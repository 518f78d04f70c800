import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useCodeArrived } from './useNotesEditor.js';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

/** Code that arrives, or fails to, when the test says so. */
function pendingCode() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<unknown>((resolve, reject) => {
    arrive = () => resolve({});
    fail = reject;
  });
  const load = vi.fn(() => promise);
  return { load, arrive, fail };
}

function renderWith(load: () => Promise<unknown>) {
  function Notes() {
    return useCodeArrived(load) ? <p>editor</p> : <p>preview</p>;
  }
  render(
    <Boundary>
      <Notes />
    </Boundary>,
  );
}

describe('useCodeArrived (the notes editor in place of its preview)', () => {
  it('is false until the code has arrived, then true; asks for it once', async () => {
    const code = pendingCode();
    renderWith(code.load);
    expect(screen.getByText('preview')).toBeTruthy();
    code.arrive();
    expect(await screen.findByText('editor')).toBeTruthy();
    expect(code.load).toHaveBeenCalledTimes(1);
  });

  it('a failed load reaches the error boundary, as a lazy component would', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const code = pendingCode();
    renderWith(code.load);
    expect(screen.getByText('preview')).toBeTruthy();
    code.fail(new Error('chunk failed'));
    expect(await screen.findByText('failed: chunk failed')).toBeTruthy();
  });
});
