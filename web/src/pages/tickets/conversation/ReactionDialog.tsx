import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { REACTIONS } from './messages';

/** The reaction dialog: the 24 emojis; choosing one sends it (an emoji is required). */
export function ReactionDialog({ open, onPick, onClose }: { open: boolean; onPick(emoji: string): void; onClose(): void }) {
  const { t } = useTranslation('conversation');
  return (
    <Modal open={open} title={t('reaction.title')} footer={null} onCancel={onClose} destroyOnHidden width={400}>
      <div role="group" aria-label={t('reaction.title')} style={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)', gap: 4 }}>
        {REACTIONS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            onClick={() => onPick(emoji)}
            aria-label={emoji}
            className="reaction-choice"
            style={{ fontSize: 24, lineHeight: 1.3, background: 'none', border: 'none', borderRadius: 8, cursor: 'pointer', padding: 4 }}
          >
            {emoji}
          </button>
        ))}
      </div>
    </Modal>
  );
}
