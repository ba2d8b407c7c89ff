import { memo, type CSSProperties, type ReactNode } from 'react';
import { Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Ticket } from '@atende/kit/contracts';
import { formatTicketTime } from '../tickets/ticketRules';
import { canOpenTicket, shortMessage, shortName, type PanelViewer } from './momentsRules';
import { stripWhatsapp } from '../tickets/conversation/whatsappFormat';

type Colors = { border: string; secondary: string };

type CardProps = {
  title: ReactNode;
  /** Names the list for assistive technology. */
  listLabel: string;
  tickets: readonly Ticket[];
  viewer: PanelViewer;
  now: Date;
  colors: Colors;
  /** Shown when the card has no tickets. */
  emptyText?: string;
};

const LIST: CSSProperties = { listStyle: 'none', margin: 0, padding: 0, maxHeight: 420, overflowY: 'auto' };
const LINE: CSSProperties = { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, minWidth: 0 };
const ELLIPSIS: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 };
const NAME: CSSProperties = { ...ELLIPSIS, fontWeight: 600 };
const BLOCK: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 4, padding: '8px 12px', color: 'inherit' };
const TAG: CSSProperties = { marginInlineEnd: 0, maxWidth: '45%', overflow: 'hidden', textOverflow: 'ellipsis', flex: 'none' };

/** One card of the panel: an attendant (or the pending tickets) with its count and its tickets. */
export function MomentsCard({ title, listLabel, tickets, viewer, now, colors, emptyText }: CardProps) {
  const { t } = useTranslation('moments');
  return (
    <Card
      size="small"
      title={title}
      extra={<Typography.Text type="secondary">{t('count', { count: tickets.length })}</Typography.Text>}
      styles={{ body: { padding: 0 } }}
      style={{ height: '100%' }}
    >
      {tickets.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0, padding: '12px' }}>
          {emptyText}
        </Typography.Paragraph>
      ) : (
        <ul aria-label={listLabel} style={LIST}>
          {tickets.map((ticket, index) => (
            <MomentsRow
              key={ticket.id}
              ticket={ticket}
              canOpen={canOpenTicket(ticket, viewer)}
              now={now}
              colors={colors}
              first={index === 0}
              noQueue={t('noQueue')}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

type RowProps = { ticket: Ticket; canOpen: boolean; now: Date; colors: Colors; first: boolean; noQueue: string };

/** A ticket: contact (30 characters), time, last message (30 characters), queue; a link for who may open it. */
const MomentsRow = memo(function MomentsRow({ ticket, canOpen, now, colors, first, noQueue }: RowProps) {
  const name = ticket.contact?.name ?? '';
  const queue = ticket.queue;
  const content = (
    <>
      <span style={LINE}>
        <span style={NAME} title={name}>
          {shortName(name)}
        </span>
        <span style={{ color: colors.secondary, fontSize: 12, flex: 'none' }}>{formatTicketTime(ticket.updatedAt, now)}</span>
      </span>
      <span style={LINE}>
        <span style={{ ...ELLIPSIS, color: colors.secondary }} title={ticket.lastMessage}>
          {shortMessage(stripWhatsapp(ticket.lastMessage))}
        </span>
        <Tag color={queue?.color || undefined} style={TAG} title={queue?.name ?? noQueue}>
          {queue?.name ?? noQueue}
        </Tag>
      </span>
    </>
  );
  return (
    <li style={first ? undefined : { borderTop: `1px solid ${colors.border}` }}>
      {canOpen ? (
        <Link to={`/tickets/${ticket.uuid}`} style={BLOCK}>
          {content}
        </Link>
      ) : (
        <div style={BLOCK}>{content}</div>
      )}
    </li>
  );
});
