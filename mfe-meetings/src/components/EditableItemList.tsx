import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import TextField from '@mui/material/TextField';
import { ActionRow } from '@meetings/shell-context/ui';
import { useState, type FormEvent } from 'react';
import { MeetingCopy } from '../texts.js';
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
}: {
  items: readonly T[];
  labels: EditableItemListLabels;
  /** Resolves true when the item was added, so the box can be cleared. */
  onAdd: (text: string) => Promise<boolean>;
  onToggle: (item: T, completed: boolean) => void;
  onSaveText: (item: T, text: string) => void;
  onDelete: (item: T) => void;
  onMove: (activeId: string, overId: string) => void;
}) {
  const [editing, setEditing] = useState<{ id: string; draft: string } | null>(null);
  const [newText, setNewText] = useState('');
  const [adding, setAdding] = useState(false);

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
    const added = await onAdd(text);
    setAdding(false);
    if (added) setNewText('');
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
        <TextField
          size="small"
          fullWidth
          value={newText}
          onChange={(event) => setNewText(event.target.value)}
          placeholder={labels.addPlaceholder}
          disabled={adding}
          slotProps={{ htmlInput: { 'aria-label': labels.addPlaceholder } }}
        />
        <IconButton type="submit" aria-label={labels.add} disabled={adding} color="primary">
          <AddIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
