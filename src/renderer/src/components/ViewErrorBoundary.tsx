// Layer: renderer (React component). An error boundary around one view (and
// around each section of the analysis view): an error thrown while a view
// renders shows a panel in that view's place — what failed, the message,
// "Try again" — instead of React unmounting the whole app and leaving a
// blank window. The header and the other views keep working. "Try again"
// forgets the answers only the failed view was using (queries left without
// observers once it unmounted), so they are asked for afresh, and renders
// the view again.

import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

interface Props {
  /** What failed, as the user knows it ("Analysis", "Spurious traits"). */
  name: string;
  /** The panel stands in for the page's main landmark (a whole view) rather than a section inside one. */
  landmark?: boolean;
  children: ReactNode;
}

interface State {
  error: Error | null;
  stack: string | null;
  /** Bumped by "Try again": the children mount afresh. */
  attempt: number;
}

class Boundary extends Component<Props & { queries: QueryClient }, State> {
  override state: State = { error: null, stack: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  // React reports the error itself (console.error); the component stack is kept for the panel's details.
  override componentDidCatch(_error: unknown, info: ErrorInfo): void {
    this.setState({ stack: info.componentStack ?? null });
  }

  private retry = () => {
    this.props.queries.removeQueries({ type: 'inactive' });
    this.setState((s) => ({ error: null, stack: null, attempt: s.attempt + 1 }));
  };

  override render() {
    const { error, stack, attempt } = this.state;
    if (!error) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    const { name, landmark } = this.props;
    const panel = (
      <section className="view-error" role="alert" data-testid="view-error" data-view={name} aria-label={`${name} failed`}>
        <h2>{name} could not be shown</h2>
        <p className="message" data-testid="view-error-message">
          {error.name && error.name !== 'Error' ? `${error.name}: ` : ''}
          {error.message || 'an unknown error'}
        </p>
        <p>The rest of the app still works: the header, the other views{landmark ? '' : ' and sections'}. Nothing you saved is affected.</p>
        <p>
          <button className="primary" data-testid="view-error-retry" onClick={this.retry}>
            Try again
          </button>
        </p>
        {stack && (
          <details>
            <summary>Details for a bug report</summary>
            <pre>{`${error.stack ?? error.message}\n\nin:${stack}`}</pre>
          </details>
        )}
      </section>
    );
    return landmark ? <main className="view-error-pane">{panel}</main> : panel;
  }
}

export function ViewErrorBoundary(props: Props) {
  const queries = useQueryClient();
  return <Boundary {...props} queries={queries} />;
}
