import { Button, Result } from 'antd';

/** A screen whose data could not be loaded, with a button to try again. */
export function LoadFailed({ title, retryLabel, onRetry }: { title: string; retryLabel: string; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={title}
      extra={
        <Button type="primary" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}
