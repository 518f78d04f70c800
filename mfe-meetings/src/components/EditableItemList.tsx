import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MoreIcon from '@mui/icons-material/MoreHoriz';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ActionRow } from '@meetings/shell-context/ui';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { MeetingCopy } from '../texts.js';
import { useHashtagSource } from './hashtag-source.js';
import { rowAction, type ItemRow } from './ItemRows.js';
import { MentionField } from './MentionField.js';
import { SortableList } from './SortableList.js';
import { useSuggestionList } from './suggestions.js';

/** Screens without hover (phones, tablets): a control hidden until hover would be tapped unseen. */
export const TOUCH_SCREEN_QUERY = '(hover: none), (pointer: coarse)';

export interface EditableItemListLabels {
  list: string;
  addPlaceholder: string;
  add: string;
  edit: string;
  delete: string;
  /** The name of a row's ⋯ menu on touch screens. */
  menu: (text: string) => string;
  /** What one item is called when a screen reader follows a move ("agenda item"). */
  item: string;
}

/**
 * The agenda's and the actions' shared behaviour (docs/product.md, Agenda and actions): drag handle, checkbox,
 * text, delete on hover (on touch screens in a visible ⋯ menu instead); click the text to edit it
 * (one item at a time, Enter saves, a drag ends it); an add box below where Enter adds and keeps
 * the focus, so the next item can be typed at once. Texts are trimmed and empty ones ignored.
 */
export function EditableItemList<T extends ItemRow>({
  items,
  labels,
  onAdd,
  onToggle,
  onSaveText,
  onDelete,
  onMove,
  renderMeta,
  mentions,
  hashtags = false,
  autoFocusAdd = false,
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
  /** Whether the add and edit boxes suggest the hashtags in use after a `#`. */
  hashtags?: boolean;
  autoFocusAdd?: boolean;
}) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ id: string; anchor: HTMLElement } | null>(null);
  const touch = useMediaQuery(TOUCH_SCREEN_QUERY, { noSsr: true });

  return (
    <Box>
      <SortableList
        items={items}
        label={labels.list}
        kind={labels.item}
        onMove={onMove}
        onDragStart={() => setEditingId(null)}
      >
        {(item, handle) => (
          <Box
            sx={{
              '& .item-delete': { opacity: 0, transition: 'opacity 120ms' },
              '&:hover .item-delete, &:focus-within .item-delete': { opacity: 1 },
            }}
          >
            {editingId === item.id ? (
              <EditingItemRow
                item={item}
                handle={handle}
                meta={renderMeta?.(item)}
                label={labels.edit}
                hashtags={hashtags}
                onToggle={(completed) => onToggle(item, completed)}
                onSave={(text) => {
                  setEditingId(null);
                  if (text !== item.text) onSaveText(item, text);
                }}
                onCancel={() => setEditingId(null)}
              />
            ) : (
              <ActionRow
                action={rowAction(item)}
                onToggle={(completed) => onToggle(item, completed)}
                start={handle}
                onTextClick={() => setEditingId(item.id)}
                meta={renderMeta?.(item)}
                end={
                  touch ? (
                    <IconButton
                      size="small"
                      aria-label={labels.menu(item.text)}
                      aria-haspopup="menu"
                      aria-expanded={menu?.id === item.id}
                      onClick={(event) => setMenu({ id: item.id, anchor: event.currentTarget })}
                    >
                      <MoreIcon fontSize="small" />
                    </IconButton>
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
              />
            )}
          </Box>
        )}
      </SortableList>
      <Menu
        anchorEl={menu?.anchor}
        open={menu !== null}
        onClose={() => setMenu(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            const item = items.find((entry) => entry.id === menu?.id);
            setMenu(null);
            if (item) onDelete(item);
          }}
        >
          <ListItemIcon>
            <DeleteIcon fontSize="small" />
          </ListItemIcon>
          {labels.delete}
        </MenuItem>
      </Menu>
      <AddItemBox
        label={labels.add}
        placeholder={labels.addPlaceholder}
        onAdd={onAdd}
        mentions={mentions}
        hashtags={hashtags}
        autoFocus={autoFocusAdd}
      />
    </Box>
  );
}

/**
 * The add box below the list, with its own state: typing re-renders the box, not every row. It
 * empties at once and keeps the focus; adds go out one after another, so "item, Enter, item,
 * Enter" adds both in order. A failed add gives its text back to an empty box.
 */
function AddItemBox({
  label,
  placeholder,
  onAdd,
  mentions,
  hashtags,
  autoFocus,
}: {
  label: string;
  placeholder: string;
  onAdd: (text: string, assignee: string | null) => Promise<boolean>;
  mentions: readonly string[] | undefined;
  hashtags: boolean;
  autoFocus: boolean;
}) {
  const [text, setText] = useState('');
  const [assignee, setAssignee] = useState<string | null>(null);
  const adds = useRef<Promise<void>>(Promise.resolve());

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    const picked = assignee;
    setText('');
    setAssignee(null);
    adds.current = adds.current.then(async () => {
      if (await onAdd(trimmed, picked)) return;
      setText((current) => current || trimmed);
      setAssignee((current) => current ?? picked);
    });
  }

  return (
    <Box component="form" onSubmit={add} sx={{ display: 'flex', gap: 1, mt: 1 }}>
      <MentionField
        value={text}
        onChange={setText}
        people={mentions}
        hashtags={hashtags}
        assignee={assignee}
        onAssignee={setAssignee}
        placeholder={placeholder}
        autoFocus={autoFocus}
      />
      <IconButton type="submit" aria-label={label} color="primary">
        <AddIcon />
      </IconButton>
    </Box>
  );
}

/**
 * The row whose text is being edited, with the draft as its own state: typing re-renders this row,
 * not the list. Saving an empty (or blank) draft does nothing.
 */
function EditingItemRow({
  item,
  handle,
  meta,
  label,
  hashtags,
  onToggle,
  onSave,
  onCancel,
}: {
  item: ItemRow;
  handle: ReactNode;
  meta: ReactNode;
  label: string;
  hashtags: boolean;
  onToggle: (completed: boolean) => void;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(item.text);
  function save() {
    const text = draft.trim();
    if (text) onSave(text);
  }
  return (
    <ActionRow
      action={rowAction(item)}
      onToggle={onToggle}
      start={handle}
      meta={meta}
      end={
        <>
          <IconButton size="small" aria-label={MeetingCopy.save} onClick={save}>
            <CheckIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={MeetingCopy.cancel} onClick={onCancel}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      <ItemEditBox
        draft={draft}
        label={label}
        hashtags={hashtags}
        onDraft={setDraft}
        onSave={save}
        onCancel={onCancel}
      />
    </ActionRow>
  );
}

/** An item's text being edited: Enter saves, Escape cancels (or first closes the suggestions). */
function ItemEditBox({
  draft,
  label,
  hashtags,
  onDraft,
  onSave,
  onCancel,
}: {
  draft: string;
  label: string;
  hashtags: boolean;
  onDraft: (draft: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const hashtagSource = useHashtagSource(draft, hashtags, onDraft);
  const suggestions = useSuggestionList(draft, [hashtagSource]);
  return (
    <Box sx={{ position: 'relative', flexGrow: 1 }}>
      <InputBase
        autoFocus
        fullWidth
        value={draft}
        onChange={(event) => onDraft(event.target.value)}
        onKeyDown={(event) => {
          if (suggestions.onKeyDown(event)) return;
          if (event.key === 'Enter') {
            event.preventDefault();
            onSave();
          } else if (event.key === 'Escape') {
            onCancel();
          }
        }}
        inputProps={{ 'aria-label': label, ...(hashtags ? suggestions.inputProps : {}) }}
        sx={{
          px: 1,
          border: 1,
          borderColor: 'primary.main',
          borderRadius: 1,
        }}
      />
      {suggestions.list}
    </Box>
  );
}
