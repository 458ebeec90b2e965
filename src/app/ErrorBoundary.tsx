import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteErrorScreen } from '../screens/RouteErrorScreen';

type State = { failed: boolean };

/**
 * Catches a screen that throws while rendering or whose chunk fails to load, so the header (language, sign-out) stays
 * usable. React offers error boundaries only as class components.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}
