import Button from '@mui/material/Button';
import { ERROR_TOAST_TITLE, UNDO_LABEL, UNDO_TOAST_DURATION_MS } from '@meetings/contracts';
import type { SnackbarKey } from 'notistack';
import { createLazyToastQueue, type Enqueue } from './toast-queue.js';

export interface ToastOptions {
  /** Offers an "Undo" button that hides the toast and calls this. */
  undo?: () => void;
}

/** The product's one toast helper (notistack underneath, at most one visible). */
export interface Toast {
  success(title: string, description?: string, options?: ToastOptions): void;
  /** A destructive toast; error toasts are titled "Error". */
  error(description: string, title?: string): void;
}

/** The toast itself is the live region (ShellProviders: errors assertive, the rest polite). */
function ToastMessage({ title, description }: { title: string; description?: string }) {
  return (
    <span>
      <strong>{title}</strong>
      {description ? (
        <>
          <br />
          {description}
        </>
      ) : null}
    </span>
  );
}

/** The page's one queue: shell-context is a singleton, and ShellProviders hosts its toasts. */
export const toastQueue = createLazyToastQueue();

export function createToast(
  enqueue: Enqueue = toastQueue.enqueue,
  close: (key: SnackbarKey) => void = toastQueue.close,
): Toast {
  return {
    success(title, description, { undo } = {}) {
      enqueue(
        <ToastMessage title={title} description={description} />,
        undo
          ? {
              variant: 'success',
              autoHideDuration: UNDO_TOAST_DURATION_MS,
              action: (key) => (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    close(key);
                    undo();
                  }}
                >
                  {UNDO_LABEL}
                </Button>
              ),
            }
          : { variant: 'success' },
      );
    },
    error(description, title = ERROR_TOAST_TITLE) {
      enqueue(<ToastMessage title={title} description={description} />, { variant: 'error' });
    },
  };
}
