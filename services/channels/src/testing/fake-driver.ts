import type { SendCommand } from '@atende/kit';
import type { ChannelDriver, DriverContext, DriverFactory, HistoryBatch, IncomingCall, PhoneContact } from '../drivers/types.js';
import { SessionNotConnectedError } from '../domain/session-state.js';

/** One started fake session: tests drive it (QR, connect, inbound) and read what it was asked to do. */
export type FakeSession = {
  context: DriverContext;
  sent: SendCommand[];
  closed: boolean;
  loggedOut: boolean;
  connected: boolean;
  showQr(text?: string): void;
  connect(number?: string): void;
  disconnect(): void;
  /** Hands the session manager a piece of the chat history, as WhatsApp does after pairing. */
  history(batch: Partial<HistoryBatch> & Pick<HistoryBatch, 'messages'>): void;
  /** A contact calls the phone. */
  call(call: IncomingCall): void;
  /** The phone's address book or chats, as WhatsApp syncs them (the omitted fields are false / null). */
  contacts(list: (Pick<PhoneContact, 'number' | 'name'> & Partial<PhoneContact>)[]): void;
  /** The calls the session manager refused (their ids). */
  rejectedCalls: string[];
};

/**
 * A driver factory for tests: every start makes a FakeSession (newest last in `sessions`); nothing
 * happens until the test tells it. Sends succeed while connected (wid `FAKE-<messageId>`), or fail with
 * `failWith` when set.
 */
export function createFakeDrivers() {
  const sessions: FakeSession[] = [];
  const state = { failWith: null as Error | null };
  const factory: DriverFactory = async (context) => {
    const session: FakeSession = {
      context,
      sent: [],
      closed: false,
      loggedOut: false,
      connected: false,
      showQr(text = `QR-${context.connectionId}-${sessions.length}`) {
        context.events.status({ status: 'qrcode', qrcode: text });
      },
      connect(number = '5511999990000') {
        session.connected = true;
        context.events.status({ status: 'CONNECTED', number });
      },
      disconnect() {
        session.connected = false;
        context.events.status({ status: 'DISCONNECTED' });
      },
      history(batch) {
        context.events.history({ progress: null, final: false, ...batch });
      },
      call(call) {
        context.events.call(call);
      },
      contacts(list) {
        context.events.contacts(list.map((c) => ({ inPhonebook: false, hasChat: false, isGroup: false, lid: null, ...c })));
      },
      rejectedCalls: [],
    };
    sessions.push(session);
    const driver: ChannelDriver = {
      async send(command) {
        if (!session.connected || session.closed) throw new SessionNotConnectedError();
        if (state.failWith) throw state.failWith;
        session.sent.push(command);
        return { wid: `FAKE-${command.messageId}` };
      },
      async logout() {
        session.loggedOut = true;
        session.closed = true;
        session.connected = false;
      },
      async close() {
        session.closed = true;
        session.connected = false;
      },
      async rejectCall(call) {
        if (!session.connected || session.closed) throw new SessionNotConnectedError();
        session.rejectedCalls.push(call.id);
      },
    };
    return driver;
  };
  return {
    factory,
    sessions,
    state,
    /** The newest session started for the connection. */
    latest: (connectionId: number): FakeSession | undefined => sessions.filter((s) => s.context.connectionId === connectionId).at(-1),
  };
}
export type FakeDrivers = ReturnType<typeof createFakeDrivers>;
