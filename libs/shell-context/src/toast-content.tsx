import type { CustomContentProps } from 'notistack';
import { forwardRef, useCallback, type ForwardedRef } from 'react';
import type { Notistack } from './toast-queue.js';

/**
 * notistack marks every toast role="alert" (read out at once, interrupting). Confirmations are
 * read politely instead (role="status"); errors stay alerts.
 */
export function createPoliteToastContent(
  MaterialDesignContent: Notistack['MaterialDesignContent'],
) {
  function PoliteToastContent(props: CustomContentProps, ref: ForwardedRef<HTMLDivElement>) {
    const politeRef = useCallback(
      (node: HTMLDivElement | null) => {
        node?.setAttribute('role', 'status');
        node?.setAttribute('aria-live', 'polite');
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      },
      [ref],
    );
    return <MaterialDesignContent {...props} ref={politeRef} />;
  }
  return forwardRef(PoliteToastContent);
}
