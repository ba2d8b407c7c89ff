import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** A screen's title with the line under it that says what it shows. */
export function PageTitle({ title, subtitle }: { title: string; subtitle: ReactNode }) {
  return (
    <div>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">{subtitle}</Typography.Text>
    </div>
  );
}
