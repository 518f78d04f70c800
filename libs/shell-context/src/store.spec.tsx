import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createStore, useDeferredStore, type ReadableStore } from './store.js';

function Count({ store }: { store: ReadableStore<number> }) {
  return <output>{useDeferredStore(store)}</output>;
}

describe('useDeferredStore', () => {
  it('renders the store value and follows its updates', async () => {
    const store = createStore(1);
    render(<Count store={store} />);
    expect(screen.getByRole('status').textContent).toBe('1');
    await act(async () => store.set(2));
    expect(screen.getByRole('status').textContent).toBe('2');
  });
});
