import { useState } from 'react';
import { Button, Popover, Tabs } from 'antd';
import { SmileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EMOJI_CATEGORIES } from './emojis';

type Props = {
  disabled?: boolean;
  /** Called with the emoji; the picker stays open so several can be inserted. */
  onPick(emoji: string): void;
  /** Called when the popover closes (the composer gives the focus back to the text). */
  onClose?(): void;
};

/** The emoji popover: a curated set by category (tabs), each emoji a button. */
export function EmojiPicker({ disabled, onPick, onClose }: Props) {
  const { t } = useTranslation('composer');
  const [open, setOpen] = useState(false);

  const content = (
    <Tabs
      size="small"
      style={{ width: 320 }}
      items={EMOJI_CATEGORIES.map((category) => ({
        key: category.id,
        label: (
          <span role="img" aria-label={t(`emoji.categories.${category.id}`)} title={t(`emoji.categories.${category.id}`)} style={{ fontSize: 18 }}>
            {category.icon}
          </span>
        ),
        children: (
          <div
            role="group"
            aria-label={t(`emoji.categories.${category.id}`)}
            style={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)', gap: 2, maxHeight: 220, overflowY: 'auto' }}
          >
            {category.emojis.map((emoji) => (
              <button
                key={emoji}
                type="button"
                aria-label={emoji}
                onClick={() => onPick(emoji)}
                style={{
                  fontSize: 22,
                  lineHeight: '32px',
                  height: 34,
                  border: 'none',
                  background: 'transparent',
                  cursor: 'pointer',
                  borderRadius: 6,
                  padding: 0,
                }}
                onMouseEnter={(e) => (e.currentTarget.style.background = 'rgba(128,128,128,0.15)')}
                onMouseLeave={(e) => (e.currentTarget.style.background = 'transparent')}
              >
                {emoji}
              </button>
            ))}
          </div>
        ),
      }))}
      tabBarStyle={{ marginBottom: 4 }}
      more={{ icon: <span aria-hidden>…</span> }}
    />
  );

  return (
    <Popover
      content={content}
      trigger="click"
      placement="topLeft"
      open={open && !disabled}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onClose?.();
      }}
      title={t('emoji.title')}
      destroyOnHidden
    >
      <Button
        type="text"
        icon={<SmileOutlined />}
        title={t('buttons.emoji')}
        aria-label={t('buttons.emoji')}
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled}
      />
    </Popover>
  );
}
