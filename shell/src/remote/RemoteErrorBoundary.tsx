import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteFallback } from './RemoteFallback.js';

interface Props {
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
    return this.state.failed ? <RemoteFallback error={this.state.error} /> : this.props.children;
  }
}
