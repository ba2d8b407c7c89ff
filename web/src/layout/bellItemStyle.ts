import type { CSSProperties } from 'react';
import type { GlobalToken } from 'antd';

/** A row of a top-bar bell's popover list (chats, notifications): a full-width plain button. */
export const bellItemStyle = (token: GlobalToken): CSSProperties => ({
  display: 'flex',
  width: '100%',
  gap: 10,
  alignItems: 'center',
  padding: '8px 4px',
  border: 'none',
  borderBottom: `1px solid ${token.colorBorderSecondary}`,
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
});
