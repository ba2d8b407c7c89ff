import './announcementsLocales';
import { useCallback, useEffect } from 'react';
import { Empty, Flex, Spin, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@atende/kit/contracts';
import { listAnnouncements } from '../../api/announcements';
import { useInfiniteList } from '../tags/useInfiniteList';
import { formatDateTime } from '../../format/dates';
import { applyAnnouncementEvent, priorityColor, priorityLabelKey, type PriorityColor } from './announcementsRules';
import { storeViewed } from './announcementsWatch';
import { useAnnouncementEvents } from './useAnnouncementEvents';

/** The bell's dot check travels in this chunk too (one lazy load for the whole bell). */
export { watchAnnouncements } from './announcementsWatch';

/**
 * The announcements bell's popover (lazy): the active announcements, newest first, each with a left
 * border by priority (1 red, 2 orange, 3 grey), title, text, date and its image; the next page loads
 * within 100 px of the end. What it lists is marked viewed.
 */
export default function AnnouncementsBellList({ userId }: { userId: number }) {
  const { t } = useTranslation('announcements');
  const { token } = theme.useToken();
  const borders: Record<PriorityColor, string> = { red: token.colorError, orange: token.colorWarning, grey: token.colorTextQuaternary };

  const fetchPage = useCallback(async (_search: string, page: number) => {
    const answer = await listAnnouncements({ pageNumber: page });
    // Super users also get the inactive ones: the bell shows only the active.
    return { items: answer.records.filter((a) => a.status), hasMore: answer.hasMore, count: answer.count };
  }, []);
  const list = useInfiniteList<Announcement>(fetchPage);
  const { apply, items } = list;

  useAnnouncementEvents((event) => apply((current) => applyAnnouncementEvent(current, event, { search: '', activeOnly: true })));

  useEffect(() => {
    if (items.length) storeViewed(userId, items);
  }, [items, userId]);

  return (
    <div style={{ width: 360, maxWidth: '85vw' }} data-testid="announcements-bell-list">
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {t('bell.title')}
      </Typography.Text>
      <div
        ref={list.scroller}
        onScroll={list.onScroll}
        role="list"
        aria-label={t('bell.title')}
        aria-busy={list.loading}
        style={{ maxHeight: 420, overflowY: 'auto' }}
      >
        {items.map((a) => {
          const level = t(priorityLabelKey(a.priority));
          return (
            <Flex
              key={a.id}
              vertical
              gap={4}
              role="listitem"
              data-testid="announcements-bell-item"
              style={{
                borderInlineStart: `4px solid ${borders[priorityColor(a.priority)]}`,
                background: token.colorFillQuaternary,
                borderRadius: token.borderRadiusSM,
                padding: '8px 10px',
                marginBottom: 8,
              }}
            >
              <Flex align="baseline" justify="space-between" gap={8}>
                <Typography.Text strong style={{ minWidth: 0 }} ellipsis={{ tooltip: a.title }}>
                  {a.title}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }} title={t('bell.priority', { level })}>
                  {level}
                </Typography.Text>
              </Flex>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{a.text}</Typography.Paragraph>
              {a.mediaPath && (
                <a href={a.mediaPath} target="_blank" rel="noopener noreferrer" aria-label={t('bell.openImage', { name: a.mediaName ?? '' })}>
                  <img
                    src={a.mediaPath}
                    alt={a.mediaName ?? ''}
                    loading="lazy"
                    style={{ display: 'block', maxWidth: '100%', maxHeight: 180, objectFit: 'contain', borderRadius: token.borderRadiusSM }}
                  />
                </a>
              )}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(a.createdAt)}
              </Typography.Text>
            </Flex>
          );
        })}
        {list.loading ? (
          <Spin size="small" style={{ display: 'block', margin: '8px auto' }} />
        ) : (
          items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} />
        )}
      </div>
    </div>
  );
}
