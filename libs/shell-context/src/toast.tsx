import { ERROR_TOAST_TITLE } from '@meetings/contracts';
import { createLazyToastQueue, type Enqueue } from './toast-queue.js';

/** The product's one toast helper (notistack underneath, at most one visible). */
export interface Toast {
  success(title: string, description?: string): void;
  /** A destructive toast; error toasts are titled "Error". */
  error(description: string, title?: string): void;
}

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

/** The page's one queue: shell-context is a singleton, and ShellProviders hosts its toasts. */
export const toastQueue = createLazyToastQueue();

export function createToast(enqueue: Enqueue = toastQueue.enqueue): Toast {
  return {
    success(title, description) {
      enqueue(<ToastMessage title={title} description={description} />, { variant: 'success' });
    },
    error(description, title = ERROR_TOAST_TITLE) {
      enqueue(<ToastMessage title={title} description={description} />, { variant: 'error' });
    },
  };
}
