import { theme } from 'antd';

/** A small red dot beside a label or on an icon (unread internal-chat messages), announced by its label. */
export function UnreadDot({ label, testId, overlay = false }: { label: string; testId?: string; overlay?: boolean }) {
  const { token } = theme.useToken();
  return (
    <span
      role="status"
      aria-label={label}
      title={label}
      data-testid={testId}
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: '50%',
        background: token.colorError,
        boxShadow: `0 0 0 1px ${token.colorBgContainer}`,
        verticalAlign: 'super',
        marginInlineStart: overlay ? 0 : 6,
        ...(overlay ? { position: 'absolute', top: 4, insetInlineEnd: 4, pointerEvents: 'none' } : null),
      }}
    />
  );
}
