import { MaterialDesignContent, type CustomContentProps } from 'notistack';
import { forwardRef, useCallback } from 'react';

/**
 * notistack marks every toast role="alert" (read out at once, interrupting). Confirmations are
 * read politely instead (role="status"); errors stay alerts.
 */
export const PoliteToastContent = forwardRef<HTMLDivElement, CustomContentProps>(
  function PoliteToastContent(props, ref) {
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
  },
);
