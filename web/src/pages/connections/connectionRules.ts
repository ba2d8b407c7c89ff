import dayjs from 'dayjs';
import type { Channel, SessionStatus, SessionUpdate, WhatsappConnection } from '@atende/kit/contracts';

/**
 * Pure rules of the connections table (spec 001 §2 Connections page, §4 states; spec 000 §4 live
 * events). Unit-tested in connectionRules.test.ts.
 */

/** What the session column offers for a status. */
export type SessionAction = 'showQr' | 'retry' | 'newQr' | 'disconnect' | 'connecting';

/**
 * Spec 001 §2: qrcode → the QR button; DISCONNECTED → 'try again' and 'new QR'; CONNECTED, PAIRING,
 * TIMEOUT → 'disconnect'; OPENING → a disabled 'connecting' button. Facebook and Instagram have no QR
 * code (a page is linked again through the new-connection menu): DISCONNECTED offers 'try again' only.
 */
export function sessionActions(status: SessionStatus | string, channel?: Channel | string): SessionAction[] {
  switch (status) {
    case 'qrcode':
      return ['showQr'];
    case 'DISCONNECTED':
      return channel === 'facebook' || channel === 'instagram' ? ['retry'] : ['retry', 'newQr'];
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return ['disconnect'];
    case 'OPENING':
      return ['connecting'];
    default:
      return [];
  }
}

/** How the status column shows a status: a colour of antd's Tag. */
export function statusColor(status: SessionStatus | string): 'success' | 'processing' | 'warning' | 'error' | 'default' {
  switch (status) {
    case 'CONNECTED':
      return 'success';
    case 'OPENING':
    case 'PAIRING':
      return 'processing';
    case 'qrcode':
      return 'warning';
    case 'DISCONNECTED':
    case 'TIMEOUT':
      return 'error';
    default:
      return 'default';
  }
}

/** The last update as the connection tables show it (spec 001 §9: dd/MM/yy HH:mm); '' when unknown. */
export function formatUpdatedAt(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('DD/MM/YY HH:mm') : '';
}

/** The live events of company-{id}-whatsapp. */
export type ConnectionEvent = { action: 'update'; whatsapp: WhatsappConnection } | { action: 'delete'; whatsappId: number };
/** The live events of company-{id}-whatsappSession. */
export type SessionEvent = { action: 'update'; session: SessionUpdate };

/**
 * An update replaces (or adds) the connection, a delete removes it. The socket's copy carries no
 * token (only GET /whatsapp/{id} does): a token already known is kept.
 */
export function applyConnectionEvent(list: readonly WhatsappConnection[], event: ConnectionEvent | null | undefined): WhatsappConnection[] {
  if (event?.action === 'delete' && typeof event.whatsappId === 'number') return list.filter((c) => c.id !== event.whatsappId);
  if (event?.action === 'update' && event.whatsapp && typeof event.whatsapp.id === 'number') {
    const next = event.whatsapp;
    const index = list.findIndex((c) => c.id === next.id);
    if (index < 0) return [...list, next];
    const copy = list.slice();
    const before = copy[index]!;
    copy[index] = { ...before, ...next, token: next.token || before.token };
    return copy;
  }
  return list.slice();
}

/** A session update changes status, QR code, retries and last update of its connection; others are untouched. */
export function applySessionEvent(list: readonly WhatsappConnection[], event: SessionEvent | null | undefined): WhatsappConnection[] {
  const session = event?.action === 'update' ? event.session : undefined;
  if (!session || typeof session.id !== 'number') return list.slice();
  return list.map((c) =>
    c.id === session.id
      ? { ...c, status: session.status, qrcode: session.qrcode ?? '', retries: session.retries ?? c.retries, updatedAt: session.updatedAt || c.updatedAt }
      : c,
  );
}

/** The QR dialog closes by itself when the session it shows gets an update with an empty QR code. */
export function closesQrDialog(openId: number | null, event: SessionEvent | null | undefined): boolean {
  return openId !== null && event?.action === 'update' && event.session?.id === openId && !event.session.qrcode;
}

/** Channels of the new-connection menu and the plan flag each needs (spec 001 §2, §6). */
export const newConnectionChannels: { channel: Extract<Channel, 'whatsapp' | 'facebook' | 'instagram'>; flag: 'useWhatsapp' | 'useFacebook' | 'useInstagram' }[] = [
  { channel: 'whatsapp', flag: 'useWhatsapp' },
  { channel: 'facebook', flag: 'useFacebook' },
  { channel: 'instagram', flag: 'useInstagram' },
];

export type CountsRow = { companyId: number; companyName: string; connected: number; disconnected: number; total: number };

/** The all-connections page's grand total row (spec 001 §2): the sum of every company's counts. */
export function grandTotal(rows: readonly CountsRow[]): Omit<CountsRow, 'companyId' | 'companyName'> {
  return rows.reduce((sum, r) => ({ connected: sum.connected + r.connected, disconnected: sum.disconnected + r.disconnected, total: sum.total + r.total }), {
    connected: 0,
    disconnected: 0,
    total: 0,
  });
}

/**
 * The connections page's 'call support' button (spec 001 §2): a WhatsApp chat with the support number
 * (digits only: country code, area code, number); null when no number is configured.
 */
export function supportLink(number: string | null | undefined): string | null {
  const digits = (number ?? '').replace(/\D/g, '');
  return digits.length >= 8 ? `https://wa.me/${digits}` : null;
}
