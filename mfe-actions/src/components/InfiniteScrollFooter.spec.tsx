import { fakeIntersectionObserver } from '@meetings/shell-context/testing';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InfiniteScrollFooter } from './InfiniteScrollFooter.js';

function footer(shown: number, onEndInView: () => void) {
  return (
    <InfiniteScrollFooter
      loading={false}
      hasMore
      failed={false}
      onLoadMore={() => undefined}
      shown={shown}
      onEndInView={onEndInView}
    />
  );
}

describe('the end of the actions list', () => {
  it('measures again whenever the list on screen changes, even with no load shown in between', async () => {
    const io = fakeIntersectionObserver();
    io.report(true);
    const onEndInView = vi.fn();
    const view = render(footer(0, onEndInView));
    await vi.waitFor(() => expect(onEndInView).toHaveBeenCalledTimes(1));
    // Page 1 arrived and showed at once: the screen never showed it loading.
    view.rerender(footer(1, onEndInView));
    await vi.waitFor(() => expect(onEndInView).toHaveBeenCalledTimes(2));
    expect(io.watching()).toBe(1);
  });
});
