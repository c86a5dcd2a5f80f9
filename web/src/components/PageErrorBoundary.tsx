import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from '../router';

/**
 * Catches what a page throws while rendering, so one broken page shows what happened and a way
 * back instead of blanking the whole console. The error goes to the browser's log with the
 * components it passed through, for whoever reports it. Keyed by location by its user, so
 * navigating away starts afresh.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Console page crashed:', error, info.componentStack);
  }

  render() {
    if (this.state.error === undefined) return this.props.children;
    const message = this.state.error instanceof Error ? this.state.error.message : String(this.state.error);
    return (
      <div role="alert" className="error-box">
        <h1>This page failed</h1>
        <p>
          Something on this page went wrong and it could not be shown ({message}). Nothing was changed by showing it.
          Reload to try again, or go elsewhere.
        </p>
        <p>
          <Link to="/">Back to the inbox</Link>
        </p>
      </div>
    );
  }
}
