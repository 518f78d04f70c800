import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import { ActionRow } from '@meetings/shell-context/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { MeetingCopy } from '../texts.js';
import { MentionField } from './MentionField.js';
import { SortableList } from './SortableList.js';

export interface EditableItem {
  id: string;
  text: string;
  completed: boolean;
  hashtags?: readonly string[];
  assignee?: string | null;
  dueDate?: string | null;
}

export interface EditableItemListLabels {
  list: string;
  addPlaceholder: string;
  add: string;
  edit: string;
  delete: string;
}

const NO_HASHTAGS: readonly string[] = [];

/**
 * The agenda's and the actions' shared behaviour (docs/product.md, Agenda and actions): drag handle, checkbox,
 * text, delete on hover; click the text to edit it (one item at a time, Enter saves, a drag ends
 * it); an add box below where Enter adds. Texts are trimmed and empty ones ignored.
 */
export function EditableItemList<T extends EditableItem>({
  items,
  labels,
  onAdd,
  onToggle,
  onSaveText,
  onDelete,
  onMove,
  renderMeta,
  mentions,
}: {
  items: readonly T[];
  labels: EditableItemListLabels;
  /**
   * Resolves true when the item was added, so the box can be cleared. `assignee` is the person
   * picked after an `@` in the box (only with `mentions`), else null.
   */
  onAdd: (text: string, assignee: string | null) => Promise<boolean>;
  onToggle: (item: T, completed: boolean) => void;
  onSaveText: (item: T, text: string) => void;
  onDelete: (item: T) => void;
  onMove: (activeId: string, overId: string) => void;
  /** Replaces what a row shows after its text (the actions' assignee and due date editor). */
  renderMeta?: (item: T) => ReactNode;
  /** People the add box suggests after an `@`; without it an `@` is plain text. */
  mentions?: readonly string[];
}) {
  const [editing, setEditing] = useState<{ id: string; draft: string } | null>(null);
  const [newText, setNewText] = useState('');
  const [adding, setAdding] = useState(false);
  const [assignee, setAssignee] = useState<string | null>(null);

  function saveEdit(item: T) {
    if (!editing) return;
    const text = editing.draft.trim();
    if (!text) return;
    setEditing(null);
    if (text !== item.text) onSaveText(item, text);
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = newText.trim();
    if (!text || adding) return;
    setAdding(true);
    const added = await onAdd(text, assignee);
    setAdding(false);
    if (added) {
      setNewText('');
      setAssignee(null);
    }
  }

  return (
    <Box>
      <SortableList
        items={items}
        label={labels.list}
        onMove={onMove}
        onDragStart={() => setEditing(null)}
      >
        {(item, handle) => {
          const isEditing = editing?.id === item.id;
          return (
            <Box
              sx={{
                '& .item-delete': { opacity: 0, transition: 'opacity 120ms' },
                '&:hover .item-delete, &:focus-within .item-delete': { opacity: 1 },
              }}
            >
              <ActionRow
                action={{
                  text: item.text,
                  completed: item.completed,
                  hashtags: item.hashtags ?? NO_HASHTAGS,
                  assignee: item.assignee,
                  dueDate: item.dueDate,
                }}
                onToggle={(completed) => onToggle(item, completed)}
                start={handle}
                onTextClick={() => setEditing({ id: item.id, draft: item.text })}
                meta={renderMeta?.(item)}
                end={
                  isEditing ? (
                    <>
                      <IconButton
                        size="small"
                        aria-label={MeetingCopy.save}
                        onClick={() => saveEdit(item)}
                      >
                        <CheckIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        size="small"
                        aria-label={MeetingCopy.cancel}
                        onClick={() => setEditing(null)}
                      >
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    </>
                  ) : (
                    <IconButton
                      className="item-delete"
                      size="small"
                      aria-label={labels.delete}
                      onClick={() => onDelete(item)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  )
                }
              >
                {isEditing ? (
                  <InputBase
                    autoFocus
                    fullWidth
                    value={editing.draft}
                    onChange={(event) => setEditing({ id: item.id, draft: event.target.value })}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') {
                        event.preventDefault();
                        saveEdit(item);
                      } else if (event.key === 'Escape') {
                        setEditing(null);
                      }
                    }}
                    inputProps={{ 'aria-label': labels.edit }}
                    sx={{
                      flexGrow: 1,
                      px: 1,
                      border: 1,
                      borderColor: 'primary.main',
                      borderRadius: 1,
                    }}
                  />
                ) : undefined}
              </ActionRow>
            </Box>
          );
        }}
      </SortableList>
      <Box component="form" onSubmit={add} sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <MentionField
          value={newText}
          onChange={setNewText}
          people={mentions}
          assignee={assignee}
          onAssignee={setAssignee}
          placeholder={labels.addPlaceholder}
          disabled={adding}
        />
        <IconButton type="submit" aria-label={labels.add} disabled={adding} color="primary">
          <AddIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
