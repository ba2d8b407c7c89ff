import { Avatar, theme } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { initials } from './chatsRules';

type ChatAvatarProps = {
  name: string;
  picture: string | null;
  group?: boolean;
  /** Private chats show the other person's presence as a dot (undefined: no dot). */
  online?: boolean;
  size?: number;
  onlineLabel?: string;
};

/** A chat's or a person's avatar: the picture, else initials (a group icon for a group without photo), with an optional presence dot. */
export function ChatAvatar({ name, picture, group = false, online, size = 40, onlineLabel }: ChatAvatarProps) {
  const { token } = theme.useToken();
  const letters = initials(name);
  return (
    <span style={{ position: 'relative', display: 'inline-flex', flex: 'none' }}>
      <Avatar size={size} src={picture ?? undefined} icon={!picture && (group || !letters) ? <TeamOutlined /> : undefined} alt={name}>
        {!picture && !group ? letters : null}
      </Avatar>
      {online !== undefined && (
        <span
          data-testid="presence-dot"
          role="img"
          aria-label={onlineLabel}
          title={onlineLabel}
          style={{
            position: 'absolute',
            right: 0,
            bottom: 0,
            width: Math.max(8, Math.round(size / 4)),
            height: Math.max(8, Math.round(size / 4)),
            borderRadius: '50%',
            background: online ? '#52c41a' : '#bfbfbf',
            border: `2px solid ${token.colorBgContainer}`,
          }}
        />
      )}
    </span>
  );
}
