import { memo, type DragEvent } from 'react';
import { Avatar, Badge, Button, Dropdown, Flex, Typography } from 'antd';
import { MoreOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { KanbanTicket } from '@atende/kit/contracts';
import { cardTime, cutMessage, cutName, formatValor, type Lane } from './kanbanRules';

export const DRAG_MIME = 'application/x-atende-kanban-card';

export type CardDrag = { ticketId: number; fromLanes: number[] };

type KanbanCardProps = {
  ticket: KanbanTicket;
  laneId: number;
  lanesOfTicket: number[];
  lanes: Lane[];
  locale: string;
  onOpen(ticket: KanbanTicket): void;
  onMove(drag: CardDrag, target: number): void;
};

/** One card (spec 001 §2): contact name and picture, last message, unread count, time, attendant, value. */
export const KanbanCard = memo(function KanbanCard({ ticket, laneId, lanesOfTicket, lanes, locale, onOpen, onMove }: KanbanCardProps) {
  const { t } = useTranslation('kanban');
  const valor = formatValor(ticket.valor, locale);
  const onDragStart = (e: DragEvent<HTMLDivElement>) => {
    const payload: CardDrag = { ticketId: ticket.id, fromLanes: lanesOfTicket };
    e.dataTransfer.setData(DRAG_MIME, JSON.stringify(payload));
    e.dataTransfer.setData('text/plain', String(ticket.id));
    e.dataTransfer.effectAllowed = 'move';
  };
  const moveItems = lanes
    .filter((l) => l.id !== laneId)
    .map((l) => ({ key: String(l.id), label: l.name, onClick: () => onMove({ ticketId: ticket.id, fromLanes: lanesOfTicket }, l.id) }));

  return (
    <div
      draggable
      onDragStart={onDragStart}
      data-testid={`kanban-card-${ticket.id}`}
      aria-label={t('card.label', { id: ticket.id, name: ticket.contact.name })}
      role="group"
      style={{
        background: 'var(--ant-color-bg-container, #fff)',
        border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
        borderRadius: 8,
        padding: 10,
        cursor: 'grab',
        boxShadow: '0 1px 2px rgba(0,0,0,0.06)',
      }}
    >
      <Flex gap={8} align="start">
        <Badge count={ticket.unreadMessages} size="small" offset={[-4, 4]} title={t('card.unread', { count: ticket.unreadMessages })}>
          <Avatar src={ticket.contact.urlPicture ?? ticket.contact.profilePicUrl ?? undefined} icon={<UserOutlined />} alt={ticket.contact.name} />
        </Badge>
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Flex justify="space-between" gap={4}>
            <Typography.Link strong onClick={() => onOpen(ticket)} title={ticket.contact.name} style={{ overflowWrap: 'anywhere' }}>
              {cutName(ticket.contact.name)}
            </Typography.Link>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {cardTime(ticket.lastMessageAt ?? ticket.updatedAt)}
            </Typography.Text>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} title={ticket.lastMessage}>
            {cutMessage(ticket.lastMessage ?? '')}
          </Typography.Text>
          <Flex justify="space-between" align="center" gap={4} style={{ marginTop: 4 }}>
            <Typography.Text style={{ fontSize: 12 }}>
              #{ticket.id}
              {ticket.user ? ` · ${ticket.user.name}` : ''}
            </Typography.Text>
            <Flex align="center" gap={2}>
              {valor && (
                <Typography.Text strong style={{ fontSize: 12, color: '#389e0d' }} data-testid={`kanban-valor-${ticket.id}`}>
                  {valor}
                </Typography.Text>
              )}
              <Dropdown menu={{ items: moveItems }} trigger={['click']}>
                <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('card.moveTo', { id: ticket.id })} />
              </Dropdown>
            </Flex>
          </Flex>
        </Flex>
      </Flex>
    </div>
  );
});
