// Test helper: the drag-and-drop handlers of the list on screen, so a test can drop an item on
// another (jsdom lays nothing out, so a pointer drag cannot be simulated). Use with
// vi.mock('@dnd-kit/core', async (original) => (await import('./test-dnd.js')).mockDndContext(original)).
import type { DndContextProps, DragEndEvent, DragStartEvent } from '@dnd-kit/core';
import { act } from '@testing-library/react';
import { createElement } from 'react';

let latest: DndContextProps | null = null;

export async function mockDndContext(importOriginal: () => Promise<unknown>) {
  const actual = (await importOriginal()) as typeof import('@dnd-kit/core');
  return {
    ...actual,
    DndContext: (props: DndContextProps) => {
      latest = props;
      return createElement(actual.DndContext, props);
    },
  };
}

function handlers(): DndContextProps {
  if (!latest) throw new Error('No drag-and-drop list rendered');
  return latest;
}

export function startDrag(activeId: string) {
  act(() => handlers().onDragStart?.({ active: { id: activeId } } as unknown as DragStartEvent));
}

/** Ends a drag on `overId`, or outside the list with null. */
export function drop(activeId: string, overId: string | null) {
  act(() =>
    handlers().onDragEnd?.({
      active: { id: activeId },
      over: overId ? { id: overId } : null,
    } as unknown as DragEndEvent),
  );
}
