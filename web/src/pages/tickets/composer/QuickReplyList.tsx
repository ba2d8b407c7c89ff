import { useEffect, useRef } from 'react';
import { Button, Flex, Typography } from 'antd';
import { PaperClipOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { QuickMessage } from '@atende/kit/contracts';
import { quickHasMedia, quickLabel, quickPreview } from './composerRules';

type Props = {
  id: string;
  items: QuickMessage[];
  active: number;
  favourites: number[];
  onPick(q: QuickMessage): void;
  onHover(index: number): void;
  onToggleFavourite(id: number): void;
};

export const quickOptionId = (listId: string, q: QuickMessage) => `${listId}-${q.id}`;

/**
 * The quick-reply list shown above the input while the text starts with '/' (spec 000 §2): label
 * '/shortcode - message' (90), preview (100), favourites (star) first. The text box keeps the focus
 * (aria-activedescendant); arrows move, Enter or Tab picks, Escape closes.
 */
export function QuickReplyList({ id, items, active, favourites, onPick, onHover, onToggleFavourite }: Props) {
  const { t } = useTranslation('composer');
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = list.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    el?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  return (
    <div
      ref={list}
      id={id}
      role="listbox"
      aria-label={t('quick.title')}
      className="ant-dropdown-menu"
      style={{
        position: 'absolute',
        bottom: '100%',
        left: 8,
        right: 8,
        maxHeight: 280,
        overflowY: 'auto',
        zIndex: 5,
        boxShadow: '0 -2px 8px rgba(0,0,0,0.15)',
        padding: 4,
      }}
    >
      {items.map((q, i) => {
        const favourite = favourites.includes(q.id);
        const selected = i === active;
        return (
          <Flex
            key={q.id}
            id={quickOptionId(id, q)}
            role="option"
            aria-selected={selected}
            align="center"
            gap={6}
            onMouseDown={(e) => {
              e.preventDefault();
              onPick(q);
            }}
            onMouseEnter={() => onHover(i)}
            style={{ cursor: 'pointer', background: selected ? 'rgba(22,119,255,0.12)' : undefined, padding: '4px 8px', borderRadius: 4 }}
          >
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text ellipsis strong={selected}>
                {quickHasMedia(q) && <PaperClipOutlined aria-label={t('quick.hasMedia')} style={{ marginRight: 4 }} />}
                {quickLabel(q)}
              </Typography.Text>
              {selected && (
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'pre-wrap' }}>
                  {quickPreview(q)}
                </Typography.Text>
              )}
            </Flex>
            <Button
              type="text"
              size="small"
              tabIndex={-1}
              icon={favourite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              aria-label={favourite ? t('quick.unfavourite') : t('quick.favourite')}
              aria-pressed={favourite}
              title={favourite ? t('quick.unfavourite') : t('quick.favourite')}
              onMouseDown={(e) => {
                e.preventDefault();
                e.stopPropagation();
                onToggleFavourite(q.id);
              }}
            />
          </Flex>
        );
      })}
      <Typography.Text type="secondary" style={{ fontSize: 11, display: 'block', padding: '2px 8px' }}>
        {t('quick.hint')}
      </Typography.Text>
    </div>
  );
}
