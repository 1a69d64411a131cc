import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';

// fetched after a page failed: antd's Result (its pictures) is no part of any page's first load
const PageCrash = lazy(() => import('./PageCrash'));

interface State {
  failed: boolean;
}

/** Holds one page's failure to that page: the rest of the console goes on working. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed', error, info.componentStack);
  }

  render() {
    return this.state.failed ? (
      <Suspense fallback={null}>
        <PageCrash />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}
