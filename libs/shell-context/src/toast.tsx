import Button from '@mui/material/Button';
import { ERROR_TOAST_TITLE, UNDO_LABEL, UNDO_TOAST_DURATION_MS } from '@meetings/contracts';
import {
  closeSnackbar,
  enqueueSnackbar,
  type OptionsObject,
  type SnackbarKey,
  type SnackbarMessage,
} from 'notistack';

export type Enqueue = (message: SnackbarMessage, options?: OptionsObject) => unknown;

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

/** Toasts go to the page's one notistack provider, which ShellProviders renders. */
export function createToast(
  enqueue: Enqueue = (message, options) => enqueueSnackbar(message, options),
  close: (key: SnackbarKey) => void = (key) => closeSnackbar(key),
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
