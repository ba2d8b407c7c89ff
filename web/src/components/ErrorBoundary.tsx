import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import i18n from '../i18n';

type ErrorBoundaryProps = { children: ReactNode };
type ErrorBoundaryState = { failed: boolean };

/** A screen that failed to render (or a page chunk that failed to load) shows a reload offer, not a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('screen failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Result
        status="error"
        title={i18n.t('errors:generic')}
        subTitle={i18n.t('common:crash.description')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {i18n.t('common:crash.reload')}
          </Button>
        }
      />
    );
  }
}
