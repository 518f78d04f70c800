import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo, type ReactNode } from 'react';
import { ReorderCopy } from '../texts.js';
import { reorderAnnouncements } from './reorder-announcements.js';

/** Over the item under the pointer; nothing when dropped outside the list. */
const overItemOrNothing: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

function SortableRow({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      size="small"
      aria-label={label}
      {...attributes}
      {...listeners}
      sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
    >
      <DragIndicatorIcon fontSize="small" />
    </IconButton>
  );
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-item-id={id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        bgcolor: isDragging ? 'action.hover' : undefined,
        borderRadius: 1,
      }}
    >
      {children(handle)}
    </Box>
  );
}

/**
 * A list reordered by dragging a handle (mouse, touch or keyboard: Space, arrows, Space), read out
 * to screen readers as it moves. `onMove` gets the dragged id and the id it was dropped on; a drop
 * outside the list reports nothing.
 */
export function SortableList<T extends { id: string; text: string }>({
  items,
  label,
  kind,
  onMove,
  onDragStart,
  children,
}: {
  items: readonly T[];
  label: string;
  /** What an item is called when read out ("agenda item"). */
  kind: string;
  onMove: (activeId: string, overId: string) => void;
  onDragStart?: () => void;
  children: (item: T, handle: ReactNode) => ReactNode;
}) {
  // The pointer sensor serves mouse and touch alike (the handle takes no touch scrolling).
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = useMemo(() => reorderAnnouncements(kind, items), [kind, items]);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (over) onMove(String(active.id), String(over.id));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={overItemOrNothing}
      onDragStart={() => onDragStart?.()}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: ReorderCopy.instructions },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item) => (
            <SortableRow key={item.id} id={item.id} label={ReorderCopy.handle(item.text)}>
              {(handle) => children(item, handle)}
            </SortableRow>
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}
