import { Component, type ReactNode } from 'react';
import { PageLoadError } from './PageLoadError.tsx';

type Props = { onRetry: () => void; children: ReactNode };
type State = { failed: boolean };

/** Catches a failed chunk load (or a page that throws) and offers a retry instead of a blank screen. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Page failed', error);
  }

  override render() {
    return this.state.failed ? <PageLoadError onRetry={this.props.onRetry} /> : this.props.children;
  }
}
