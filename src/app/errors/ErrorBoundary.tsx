import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from './chunk-error';
import { ChunkErrorPage, RuntimeErrorFallback } from './ErrorPages';

interface Props {
  /** The boundary resets when this changes (the location: "try again resets on navigation"). */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failedAt: string | null;
}

/**
 * Catches render errors below it. Lazy-load failures get the reload page; anything else the runtime
 * fallback. There is no error-reporting endpoint in the contract yet, so errors go to the console.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === null) return state.failedAt === props.resetKey ? null : { failedAt: props.resetKey };
    // Navigated away from the page that failed: render the new page.
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { error: null, failedAt: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Vigil: render error', error, info.componentStack);
  }

  private retry = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return isChunkLoadError(error) ? <ChunkErrorPage /> : <RuntimeErrorFallback onRetry={this.retry} />;
  }
}
