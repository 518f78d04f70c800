import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteFallback, type RemoteFallbackProps } from './RemoteFallback.js';

interface Props extends Omit<RemoteFallbackProps, 'error'> {
  children: ReactNode;
}

interface State {
  failed: boolean;
  error?: unknown;
}

/** Catches a remote that fails to load or crashes while rendering; a new key resets it. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A remote failed:', error, info.componentStack);
  }

  override render() {
    const { title, retry, children } = this.props;
    return this.state.failed ? (
      <RemoteFallback title={title} retry={retry} error={this.state.error} />
    ) : (
      children
    );
  }
}
