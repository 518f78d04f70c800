import { ERROR_TOAST_TITLE } from '@meetings/contracts';
import { enqueueSnackbar, type OptionsObject, type SnackbarMessage } from 'notistack';

/** The product's one toast helper (notistack underneath, at most one visible). */
export interface Toast {
  success(title: string, description?: string): void;
  /** A destructive toast; the spec's error toasts are titled "Error". */
  error(description: string, title?: string): void;
}

type Enqueue = (message: SnackbarMessage, options?: OptionsObject) => unknown;

function ToastMessage({ title, description }: { title: string; description?: string }) {
  return (
    <span role="status">
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

// notistack assigns its global enqueueSnackbar when the provider mounts: look it up per call.
const enqueueOnProvider: Enqueue = (message, options) => enqueueSnackbar(message, options);

export function createToast(enqueue: Enqueue = enqueueOnProvider): Toast {
  return {
    success(title, description) {
      enqueue(<ToastMessage title={title} description={description} />, { variant: 'success' });
    },
    error(description, title = ERROR_TOAST_TITLE) {
      enqueue(<ToastMessage title={title} description={description} />, { variant: 'error' });
    },
  };
}
