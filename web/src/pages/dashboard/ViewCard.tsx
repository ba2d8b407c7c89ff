import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

/** A titled card of a tab's view, as tall as its neighbours. */
export function ViewCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card
      size="small"
      style={{ height: '100%' }}
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
    >
      {children}
    </Card>
  );
}
