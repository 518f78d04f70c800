import { describe, expect, it } from 'vitest';
import { reorderAnnouncements } from './reorder-announcements.js';

const items = [
  { id: 'a', text: 'Welcome' },
  { id: 'b', text: 'Risks' },
  { id: 'c', text: 'AOB' },
];
const dragged = (id: string) => ({ id }) as never;

describe('what a screen reader hears while an item moves', () => {
  const say = reorderAnnouncements('agenda item', items);

  it('names the item and its place when picked up, moved, dropped or put back', () => {
    expect(say.onDragStart({ active: dragged('b') })).toBe(
      'Picked up agenda item Risks. Position 2 of 3.',
    );
    // Over itself right after the pick-up: nothing new to say.
    expect(say.onDragOver({ active: dragged('b'), over: dragged('b') })).toBeUndefined();
    expect(say.onDragOver({ active: dragged('b'), over: dragged('c') })).toBe(
      'Agenda item Risks moved to position 3 of 3.',
    );
    expect(say.onDragEnd({ active: dragged('b'), over: dragged('c') })).toBe(
      'Agenda item Risks dropped at position 3 of 3.',
    );
    expect(say.onDragCancel({ active: dragged('b'), over: dragged('c') })).toBe(
      'Moving agenda item Risks cancelled. It stays at position 2 of 3.',
    );
  });

  it('says when the item is outside the list and that a drop there moves nothing', () => {
    say.onDragStart({ active: dragged('a') });
    expect(say.onDragOver({ active: dragged('a'), over: null })).toBe(
      'Agenda item Welcome is outside the list.',
    );
    expect(say.onDragEnd({ active: dragged('a'), over: null })).toBe(
      'Agenda item Welcome dropped outside the list; nothing moved.',
    );
  });
});
