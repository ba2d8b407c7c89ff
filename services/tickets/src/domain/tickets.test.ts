import { describe, expect, it } from 'vitest';
import { AppError, updateTicketBody } from '@atende/kit';
import {
  assertCanCloseAll,
  assertCanDelete,
  assertOwnQueue,
  isAcceptOfHeldTicket,
  newTicketStatus,
  planTicketUpdate,
  type TicketActor,
  type TicketState,
  type TransitionSettings,
} from './tickets.js';

const ME = 10;
const OTHER = 3;
const attendant = (over: Partial<TicketActor> = {}): TicketActor => ({
  userId: ME, profile: 'user', super: false, queueIds: [], showDashboard: 'disabled', userClosePendingTicket: 'disabled', ...over,
});
const admin = attendant({ profile: 'admin' });
const ticket = (over: Partial<TicketState> = {}): TicketState => ({ status: 'pending', userId: null, queueId: 1, isGroup: false, ...over });
const settings = (over: Partial<TransitionSettings> = {}): TransitionSettings => ({
  sendGreetingAccepted: false, sendMsgTransfTicket: false, closeTicketOnTransfer: false, sendFarewellWaitingTicket: false, requiredTag: false, groupAsTicket: false, userRating: false, queuesExist: true, ...over,
});
const body = (b: Record<string, unknown>) => updateTicketBody.parse(b);
const run = (state: TicketState, b: Record<string, unknown>, actor = attendant(), s = settings()) => planTicketUpdate(state, body(b), actor, s);
const refused = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected a refusal');
};

describe('accept (pending → open)', () => {
  it('assigns the caller and opens the ticket', () => {
    const p = run(ticket(), { status: 'open', userId: ME });
    expect(p.action).toBe('accept');
    expect(p.changes).toMatchObject({ status: 'open', userId: ME, queueId: 1 });
    expect(p.logs).toEqual([{ type: 'open', userId: ME, queueId: 1 }]);
  });

  it('opens a WhatsApp group ticket as group', () => {
    expect(run(ticket({ isGroup: true }), { status: 'open' }).changes.status).toBe('group');
  });

  it('needs a queue for a pending ticket without one (400 naming queueId), and takes the chosen one', () => {
    const err = refused(() => run(ticket({ queueId: null }), { status: 'open' }));
    expect(err.code).toBe('ERR_VALIDATION');
    expect(err.fields).toEqual([{ field: 'queueId', message: 'Selecione uma fila' }]);
    const p = run(ticket({ queueId: null }), { status: 'open', queueId: 4 });
    expect(p.changes).toMatchObject({ status: 'open', userId: ME, queueId: 4 });
    expect(p.logs.map((l) => l.type)).toEqual(['queue', 'open']);
    expect(p.targetQueueId).toBe(4);
  });

  it('in a company without queues, accepts and reopens without one (nothing to choose); a transfer still names one', () => {
    const none = settings({ queuesExist: false });
    const accepted = run(ticket({ queueId: null }), { status: 'open' }, attendant({ queueIds: [] }), none);
    expect(accepted.action).toBe('accept');
    expect(accepted.changes).toMatchObject({ status: 'open', userId: ME, queueId: null });
    expect(accepted.logs).toEqual([{ type: 'open', userId: ME, queueId: null }]);
    const reopened = run(ticket({ status: 'closed', userId: OTHER, queueId: null }), { status: 'open' }, attendant(), none);
    expect(reopened.changes).toMatchObject({ status: 'open', userId: ME, queueId: null });
    expect(refused(() => run(ticket({ queueId: null }), { status: 'open', userId: OTHER }, admin, none)).fields).toEqual([{ field: 'queueId', message: 'Selecione uma fila' }]);
  });

  it('posts the greeting only with sendGreetingAccepted, and for groups only with groupAsTicket', () => {
    expect(run(ticket(), { status: 'open' }).greeting).toBe(false);
    expect(run(ticket(), { status: 'open' }, attendant(), settings({ sendGreetingAccepted: true })).greeting).toBe(true);
    expect(run(ticket({ isGroup: true }), { status: 'open' }, attendant(), settings({ sendGreetingAccepted: true })).greeting).toBe(false);
    expect(run(ticket({ isGroup: true }), { status: 'open' }, attendant(), settings({ sendGreetingAccepted: true, groupAsTicket: true })).greeting).toBe(true);
  });

  it('assigning a pending ticket to someone else is a transfer', () => {
    const p = run(ticket(), { status: 'open', userId: OTHER });
    expect(p.action).toBe('transfer');
    expect(p.changes).toMatchObject({ status: 'open', userId: OTHER, isTransfered: true });
  });

  it('refuses to accept an lgpd ticket (consent pending)', () => {
    expect(refused(() => run(ticket({ status: 'lgpd' }), { status: 'open' })).code).toBe('ERR_INVALID_TRANSITION');
  });
});

describe('reopen (closed → open)', () => {
  it('assigns the caller', () => {
    const p = run(ticket({ status: 'closed', userId: OTHER }), { status: 'open' });
    expect(p.action).toBe('reopen');
    expect(p.changes).toMatchObject({ status: 'open', userId: ME, queueId: 1 });
    expect(p.logs).toEqual([{ type: 'reopen', userId: ME, queueId: 1 }]);
  });

  it('logs the move when it reopens into another queue', () => {
    const p = run(ticket({ status: 'closed', userId: OTHER, queueId: 1 }), { status: 'open', queueId: 2 });
    expect(p.logs).toEqual([
      { type: 'reopen', userId: ME, queueId: 2 },
      { type: 'queue', userId: ME, queueId: 2 },
    ]);
  });

  it("refuses 'group' for a person's ticket, whatever its status (409 ERR_INVALID_TRANSITION)", () => {
    for (const status of ['pending', 'open', 'closed'] as const) {
      expect(refused(() => run(ticket({ status, userId: ME }), { status: 'group' })).code, status).toBe('ERR_INVALID_TRANSITION');
    }
    expect(run(ticket({ status: 'pending', isGroup: true }), { status: 'group' }).changes.status).toBe('group');
  });

  it('reopens a group ticket as group', () => {
    expect(run(ticket({ status: 'closed', isGroup: true }), { status: 'open' }).changes.status).toBe('group');
  });

  it('needs a queue when the ticket has none', () => {
    expect(refused(() => run(ticket({ status: 'closed', queueId: null }), { status: 'open' })).fields?.[0]?.field).toBe('queueId');
    expect(run(ticket({ status: 'closed', queueId: null }), { status: 'open', queueId: 2 }).changes.queueId).toBe(2);
  });

  it('refuses other moves of a closed ticket (409)', () => {
    for (const b of [{ status: 'closed' }, { status: 'pending' }, { queueId: 5 }, { userId: OTHER }]) {
      expect(refused(() => run(ticket({ status: 'closed' }), b)).code).toBe('ERR_INVALID_TRANSITION');
    }
  });
});

describe('accept of a ticket another user already holds (stale list, or two accepts at once)', () => {
  const held = ticket({ status: 'open', userId: OTHER });

  it('is refused with 409 ERR_OTHER_OPEN_TICKET instead of taking the ticket', () => {
    for (const actor of [attendant(), attendant({ allUserChat: 'enabled' }), admin]) {
      expect(refused(() => run(held, { status: 'open', userId: ME, queueId: 1 }, actor)).code).toBe('ERR_OTHER_OPEN_TICKET');
      expect(refused(() => run(held, { status: 'open', userId: ME, queueId: 2 }, actor)).code).toBe('ERR_OTHER_OPEN_TICKET');
    }
    expect(refused(() => run(ticket({ status: 'group', userId: OTHER, isGroup: true }), { status: 'group', userId: ME })).code).toBe('ERR_OTHER_OPEN_TICKET');
  });

  it('tells an accept from a transfer', () => {
    expect(isAcceptOfHeldTicket(held, body({ status: 'open', userId: ME, queueId: 1 }), attendant())).toBe(true);
    expect(isAcceptOfHeldTicket(held, body({ status: 'open', userId: ME, isTransfered: false }), attendant())).toBe(true);
    // Marked as a transfer, or naming someone else: a transfer.
    expect(isAcceptOfHeldTicket(held, body({ status: 'open', userId: ME, queueId: 1, isTransfered: true }), attendant())).toBe(false);
    expect(isAcceptOfHeldTicket(held, body({ status: 'open', userId: 4, queueId: 1 }), admin)).toBe(false);
    // Not held by someone else: my own ticket, or a waiting one.
    expect(isAcceptOfHeldTicket(ticket({ status: 'open', userId: ME }), body({ status: 'open', userId: ME }), attendant())).toBe(false);
    expect(isAcceptOfHeldTicket(ticket(), body({ status: 'open', userId: ME }), attendant())).toBe(false);
    expect(isAcceptOfHeldTicket(ticket({ status: 'closed', userId: OTHER }), body({ status: 'open', userId: ME }), attendant())).toBe(false);
  });

  it('a real transfer still moves the ticket: marked as one, or an admin naming another user', () => {
    const toMe = run(held, { status: 'open', userId: ME, queueId: 1, isTransfered: true });
    expect(toMe).toMatchObject({ action: 'transfer', changes: { userId: ME, isTransfered: true } });
    const handed = run(held, { status: 'open', userId: 4, queueId: 2 }, admin);
    expect(handed).toMatchObject({ action: 'transfer', changes: { userId: 4, queueId: 2, isTransfered: true } });
  });
});

describe("accept and reopen into the user's own queues only (spec 000 §2)", () => {
  const mine = attendant({ queueIds: [1] });

  it('refuses a profile user a queue that is not theirs (403), chosen or kept', () => {
    expect(refused(() => run(ticket(), { status: 'open', userId: ME, queueId: 2 }, mine)).code).toBe('ERR_NO_PERMISSION');
    expect(refused(() => run(ticket({ status: 'closed', userId: ME }), { status: 'open', queueId: 2 }, mine)).code).toBe('ERR_NO_PERMISSION');
    expect(refused(() => run(ticket({ status: 'closed', userId: ME, queueId: 2 }), { status: 'open' }, mine)).code).toBe('ERR_NO_PERMISSION');
    expect(refused(() => run(ticket({ status: 'nps', userId: ME, queueId: 2 }), { status: 'open' }, mine)).code).toBe('ERR_NO_PERMISSION');
  });

  it('lets them pick their own queue, admins any, and a user without queues any (as on create)', () => {
    expect(run(ticket({ queueId: 2 }), { status: 'open', userId: ME, queueId: 1 }, mine).changes).toMatchObject({ status: 'open', queueId: 1 });
    expect(run(ticket(), { status: 'open', queueId: 2 }, attendant({ profile: 'admin', queueIds: [1] })).changes.queueId).toBe(2);
    expect(run(ticket(), { status: 'open', queueId: 2 }, attendant({ super: true, queueIds: [1] })).changes.queueId).toBe(2);
    expect(run(ticket(), { status: 'open', queueId: 2 }, attendant({ queueIds: [] })).changes.queueId).toBe(2);
    expect(() => assertOwnQueue(mine, 1)).not.toThrow();
    expect(refused(() => assertOwnQueue(mine, 2)).message).toBe('A user can only pick among their own queues');
  });

  it('does not narrow transfers, which hand the ticket to any queue', () => {
    expect(run(ticket({ status: 'open', userId: ME }), { status: 'pending', userId: null, queueId: 2, isTransfered: true }, mine).action).toBe('transfer');
    expect(run(ticket(), { status: 'open', userId: OTHER, queueId: 2 }, mine).action).toBe('transfer');
  });
});

describe('return to queue (open/group → pending)', () => {
  it('drops the user', () => {
    for (const status of ['open', 'group'] as const) {
      const p = run(ticket({ status, userId: ME }), { status: 'pending' });
      expect(p.action).toBe('returnToQueue');
      expect(p.changes).toMatchObject({ status: 'pending', userId: null });
      expect(p.logs).toEqual([{ type: 'pending', userId: ME, queueId: 1 }]);
    }
  });
});

describe('transfer (open/group)', () => {
  const open = ticket({ status: 'open', userId: ME });

  it('to a user: open, assigned to them, marked transferred, logged on both sides', () => {
    const p = run(open, { queueId: 2, userId: OTHER, status: 'open', isTransfered: true, msgTransfer: ' please help ' });
    expect(p.action).toBe('transfer');
    expect(p.changes).toMatchObject({ status: 'open', userId: OTHER, queueId: 2, isTransfered: true });
    expect(p.logs).toEqual([{ type: 'transfered', userId: ME, queueId: 1 }, { type: 'receivedTransfer', userId: OTHER, queueId: 2 }]);
    expect(p.transferNote).toBe('please help');
    expect(p).toMatchObject({ targetUserId: OTHER, targetQueueId: 2 });
  });

  it('to a queue only: pending, no user', () => {
    const p = run(open, { queueId: 2, userId: null, status: 'pending' });
    expect(p.action).toBe('transfer');
    expect(p.changes).toMatchObject({ status: 'pending', userId: null, queueId: 2, isTransfered: true });
    expect(p.logs.map((l) => l.type)).toEqual(['transfered', 'queue']);
  });

  it('keeps a group ticket a group when handed to a user', () => {
    expect(run(ticket({ status: 'group', userId: ME, isGroup: true }), { queueId: 2, userId: OTHER }).changes.status).toBe('group');
  });

  it('needs a queue (400 naming queueId)', () => {
    const err = refused(() => run(open, { userId: OTHER }));
    expect(err.code).toBe('ERR_VALIDATION');
    expect(err.fields?.[0]?.field).toBe('queueId');
  });

  it('follows the transfer settings', () => {
    const p = run(open, { queueId: 2 }, attendant(), settings({ sendMsgTransfTicket: true, closeTicketOnTransfer: true }));
    expect(p).toMatchObject({ transferMessage: true, splitOnTransfer: true });
  });

  it('moves a pending ticket to another queue without accepting it', () => {
    const p = run(ticket(), { queueId: 2 });
    expect(p.action).toBe('transfer');
    expect(p.changes).toMatchObject({ status: 'pending', userId: null, queueId: 2 });
  });
});

describe('resolve (open/group → closed)', () => {
  it('closes by the current user with the farewell unless told not to', () => {
    const p = run(ticket({ status: 'open', userId: OTHER }), { status: 'closed', sendFarewellMessage: true, amountUsedBotQueues: 2 });
    expect(p.action).toBe('resolve');
    expect(p.changes).toMatchObject({ status: 'closed', userId: ME, amountUsedBotQueues: 2 });
    expect(p.farewell).toBe(true);
    expect(p.logs).toEqual([{ type: 'closed', userId: ME, queueId: 1 }]);
    expect(run(ticket({ status: 'group' }), { status: 'closed', sendFarewellMessage: false }).farewell).toBe(false);
  });

  it('asks for a tag when requiredTag is on', () => {
    expect(run(ticket({ status: 'open' }), { status: 'closed' }).requiresTag).toBe(false);
    expect(run(ticket({ status: 'open' }), { status: 'closed' }, attendant(), settings({ requiredTag: true })).requiresTag).toBe(true);
  });

  it('with userRating asks for a rate first (nps, the farewell after the rate) unless told not to or a group', () => {
    const rated = settings({ userRating: true, requiredTag: true });
    const p = run(ticket({ status: 'open', userId: ME }), { status: 'closed' }, attendant(), rated);
    expect(p).toMatchObject({ action: 'resolve', rating: true, farewell: false, requiresTag: true, changes: { status: 'nps', userId: ME, ratingAttempts: 0 } });
    expect(p.logs).toEqual([{ type: 'closed', userId: ME, queueId: 1 }]);
    expect(run(ticket({ status: 'open' }), { status: 'closed', sendFarewellMessage: false }, attendant(), rated).changes.status).toBe('closed');
    expect(run(ticket({ status: 'open' }), { status: 'closed', sendFarewellMessage: false, sendRating: true }, attendant(), rated).rating).toBe(true);
    expect(run(ticket({ status: 'open' }), { status: 'closed', sendRating: false }, attendant(), rated)).toMatchObject({ rating: false, farewell: true });
    expect(run(ticket({ status: 'group', isGroup: true }), { status: 'closed' }, attendant(), rated).changes.status).toBe('closed');
  });
});

describe('ignore and close pending (pending/lgpd → closed)', () => {
  it('ignore: admins or userClosePendingTicket; no farewell, bot counter 0', () => {
    for (const actor of [admin, attendant({ userClosePendingTicket: 'enabled' })]) {
      for (const status of ['pending', 'lgpd'] as const) {
        const p = run(ticket({ status }), { status: 'closed', amountUsedBotQueues: 3 }, actor);
        expect(p.action).toBe('ignore');
        expect(p.changes).toMatchObject({ status: 'closed', amountUsedBotQueues: 0 });
        expect(p.farewell).toBe(false);
      }
    }
  });

  it('close pending: users with showDashboard (pending only)', () => {
    const manager = attendant({ showDashboard: 'enabled' });
    expect(run(ticket(), { status: 'closed' }, manager).action).toBe('closePending');
    expect(refused(() => run(ticket({ status: 'lgpd' }), { status: 'closed' }, manager)).code).toBe('ERR_NO_PERMISSION');
  });

  it('refused to a plain attendant (403)', () => {
    expect(refused(() => run(ticket(), { status: 'closed' })).code).toBe('ERR_NO_PERMISSION');
  });

  it('says goodbye to a waiting contact only with sendFarewellWaitingTicket and when asked', () => {
    expect(run(ticket(), { status: 'closed', sendFarewellMessage: true }, admin).farewell).toBe(false);
    const p = run(ticket(), { status: 'closed', sendFarewellMessage: true }, admin, settings({ sendFarewellWaitingTicket: true }));
    expect(p.farewell).toBe(true);
  });

  it('ignoring says nothing to the contact: an lgpd ticket, or a user allowed only to ignore, closes without farewell and with the bot counter 0', () => {
    const farewellOn = settings({ sendFarewellWaitingTicket: true });
    const ignorer = attendant({ userClosePendingTicket: 'enabled' });
    for (const [status, actor] of [['lgpd', admin], ['pending', ignorer]] as const) {
      const p = run(ticket({ status }), { status: 'closed', sendFarewellMessage: true, amountUsedBotQueues: 2 }, actor, farewellOn);
      expect(p).toMatchObject({ action: 'ignore', farewell: false, changes: { status: 'closed', amountUsedBotQueues: 0 } });
    }
  });
});

describe('other updates', () => {
  it('toggles integration fields without a transition', () => {
    const p = run(ticket({ status: 'open', userId: ME }), { useIntegration: true, amountUsedBotQueues: 1 });
    expect(p).toMatchObject({ action: 'update', changes: { useIntegration: true, amountUsedBotQueues: 1 }, logs: [] });
    expect(run(ticket({ status: 'open', userId: ME }), { status: 'open', userId: ME }).action).toBe('update');
  });

  it('refuses a pending ticket going to a status it cannot reach directly', () => {
    expect(refused(() => run(ticket({ status: 'lgpd' }), { status: 'group' })).code).toBe('ERR_INVALID_TRANSITION');
  });

  it('nps tickets may be closed or reopened only', () => {
    expect(run(ticket({ status: 'nps' }), { status: 'closed' }).action).toBe('resolve');
    expect(run(ticket({ status: 'nps' }), { status: 'open' }).action).toBe('reopen');
    expect(refused(() => run(ticket({ status: 'nps' }), { status: 'pending' })).code).toBe('ERR_INVALID_TRANSITION');
  });
});

describe('delete, close all, new ticket', () => {
  it('delete: admins only, never a closed ticket', () => {
    expect(() => assertCanDelete({ status: 'open' }, admin)).not.toThrow();
    expect(refused(() => assertCanDelete({ status: 'open' }, attendant())).code).toBe('ERR_NO_PERMISSION');
    const closed = refused(() => assertCanDelete({ status: 'closed' }, admin));
    expect(closed.code).toBe('ERR_TICKET_CLOSED');
    expect(closed.message).toBe('PARA DELETAR REABRA O TICKET');
  });

  it('close all: admins only', () => {
    expect(() => assertCanCloseAll(admin)).not.toThrow();
    expect(refused(() => assertCanCloseAll(attendant({ showDashboard: 'enabled', userClosePendingTicket: 'enabled' }))).code).toBe('ERR_NO_PERMISSION');
  });

  it('a new ticket starts open (group for a group contact) unless asked pending', () => {
    expect(newTicketStatus(undefined, false)).toBe('open');
    expect(newTicketStatus('open', true)).toBe('group');
    expect(newTicketStatus('pending', false)).toBe('pending');
  });
});
