import { describe, expect, it } from 'vitest';
import type { Message, Ticket } from '@atende/kit/contracts';
import {
  ackIcon,
  applyContactToTicket,
  applyContactUpdate,
  applySearchUpdate,
  matchesSearch,
  viewOfStatus,
  applyMessageEvent,
  applyNewMessage,
  applyTicketUpdate,
  belongsInList,
  canEditMessage,
  clampPaneWidth,
  cut,
  formatTicketTime,
  mergePage,
  quickReplyFilter,
  removeTicket,
  resetUnread,
  shouldNotify,
  shouldSoundFor,
  textToSend,
  type ListFilter,
  type ListViewer,
} from './ticketRules';

const viewer = (over: Partial<ListViewer> = {}): ListViewer => ({
  id: 7,
  profile: 'user',
  super: false,
  queueIds: [1, 2],
  allTicket: 'disable',
  allowGroup: false,
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  ...over,
});

const ticket = (over: Partial<Ticket> = {}): Ticket =>
  ({
    id: 1,
    uuid: 'u-1',
    status: 'open',
    userId: 7,
    queueId: 1,
    isGroup: false,
    unreadMessages: 0,
    whatsapp: { id: 1, name: 'W', channel: 'whatsapp', groupAsTicket: 'disabled' },
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...over,
  }) as Ticket;

const filter = (over: Partial<ListFilter> = {}): ListFilter => ({ tab: 'open', showAll: false, queueIds: [], searching: false, ...over });

describe('formatters', () => {
  it('cuts names at 60 and last messages at 40', () => {
    expect(cut('a'.repeat(60), 60)).toBe('a'.repeat(60));
    expect(cut('a'.repeat(61), 60)).toBe(`${'a'.repeat(60)}...`);
    expect(cut('b'.repeat(41), 40)).toBe(`${'b'.repeat(40)}...`);
    expect(cut(null, 40)).toBe('');
  });
  it('shows HH:mm today, dd/MM/yyyy before', () => {
    const now = new Date(2024, 4, 10, 18, 0);
    expect(formatTicketTime(new Date(2024, 4, 10, 9, 5).toISOString(), now)).toBe('09:05');
    expect(formatTicketTime(new Date(2024, 4, 9, 23, 59).toISOString(), now)).toBe('09/05/2024');
    expect(formatTicketTime(new Date(2023, 11, 31, 8, 0).toISOString(), now)).toBe('31/12/2023');
    expect(formatTicketTime(null, now)).toBe('');
    expect(formatTicketTime('nonsense', now)).toBe('');
  });
  it('keeps the pane width within 404..700, default 550', () => {
    expect(clampPaneWidth(undefined)).toBe(550);
    expect(clampPaneWidth(100)).toBe(404);
    expect(clampPaneWidth(900)).toBe(700);
    expect(clampPaneWidth(512.4)).toBe(512);
  });
  it('maps acknowledgements to icons', () => {
    expect([0, 1, 2, 3, 4, 5, -1].map(ackIcon)).toEqual(['clock', 'sent', 'delivered', 'read', 'read', 'read', 'failed']);
  });
  it('never sends empty text', () => {
    expect(textToSend('   ')).toBeNull();
    expect(textToSend(' hi ')).toBe('hi');
  });
  it('filters quick replies after a slash', () => {
    const list = [
      { shortcode: 'oi', message: 'Olá!' },
      { shortcode: 'tchau', message: 'Até logo' },
    ];
    expect(quickReplyFilter('hello', list)).toBeNull();
    expect(quickReplyFilter('/', list)).toHaveLength(2);
    expect(quickReplyFilter('/tch', list)).toEqual([list[1]]);
  });
});

describe('list membership', () => {
  it('needs the tab status', () => {
    expect(belongsInList(ticket(), viewer(), filter())).toBe(true);
    expect(belongsInList(ticket({ status: 'pending', userId: null }), viewer(), filter())).toBe(false);
    expect(belongsInList(ticket({ status: 'lgpd', userId: null }), viewer(), filter({ tab: 'pending' }))).toBe(true);
  });
  it("hides other users' open tickets unless show all is allowed", () => {
    const other = ticket({ userId: 9 });
    expect(belongsInList(other, viewer(), filter({ showAll: true }))).toBe(false);
    expect(belongsInList(other, viewer({ allUserChat: 'enabled' }), filter())).toBe(false);
    expect(belongsInList(other, viewer({ allUserChat: 'enabled' }), filter({ showAll: true }))).toBe(true);
    expect(belongsInList(other, viewer({ profile: 'admin' }), filter({ showAll: true }))).toBe(true);
  });
  it('respects queues: user queues, selected queues, no queue only with allTicket', () => {
    expect(belongsInList(ticket({ userId: null, status: 'pending', queueId: 3 }), viewer(), filter({ tab: 'pending' }))).toBe(false);
    expect(belongsInList(ticket({ userId: null, status: 'pending', queueId: 2 }), viewer(), filter({ tab: 'pending', queueIds: [1] }))).toBe(false);
    expect(belongsInList(ticket({ userId: null, status: 'pending', queueId: 1 }), viewer(), filter({ tab: 'pending', queueIds: [1] }))).toBe(true);
    expect(belongsInList(ticket({ userId: null, status: 'pending', queueId: null }), viewer(), filter({ tab: 'pending' }))).toBe(false);
    expect(belongsInList(ticket({ userId: null, status: 'pending', queueId: null }), viewer({ allTicket: 'enable' }), filter({ tab: 'pending' }))).toBe(true);
  });
  it('group tickets need allowGroup', () => {
    const g = ticket({ status: 'group', isGroup: true, userId: null });
    expect(belongsInList(g, viewer(), filter({ tab: 'group' }))).toBe(false);
    expect(belongsInList(g, viewer({ allowGroup: true }), filter({ tab: 'group' }))).toBe(true);
  });
});

describe('list reducers', () => {
  const v = viewer();
  it('inserts a new ticket at the top and counts it', () => {
    const state = { tickets: [ticket({ id: 1 })], count: 1 };
    const next = applyTicketUpdate(state, ticket({ id: 2 }), v, filter());
    expect(next.tickets.map((t) => t.id)).toEqual([2, 1]);
    expect(next.count).toBe(2);
  });
  it('does not insert while searching, but replaces', () => {
    const state = { tickets: [ticket({ id: 1, lastMessage: 'a' })], count: 1 };
    expect(applyTicketUpdate(state, ticket({ id: 2 }), v, filter({ searching: true }))).toBe(state);
    const next = applyTicketUpdate(state, ticket({ id: 1, lastMessage: 'b' }), v, filter({ searching: true }));
    expect(next.tickets[0]!.lastMessage).toBe('b');
    expect(next.count).toBe(1);
  });
  it('replaces in place and removes a ticket that left the tab', () => {
    const state = { tickets: [ticket({ id: 1 }), ticket({ id: 2 })], count: 5 };
    const replaced = applyTicketUpdate(state, ticket({ id: 2, unreadMessages: 3 }), v, filter());
    expect(replaced.tickets.map((t) => [t.id, t.unreadMessages])).toEqual([
      [1, 0],
      [2, 3],
    ]);
    const moved = applyTicketUpdate(state, ticket({ id: 2, status: 'closed' }), v, filter());
    expect(moved.tickets.map((t) => t.id)).toEqual([1]);
    expect(moved.count).toBe(4);
  });
  it('ignores a ticket of another tab it does not hold', () => {
    const state = { tickets: [], count: 0 };
    expect(applyTicketUpdate(state, ticket({ status: 'pending', userId: null }), v, filter())).toBe(state);
  });
  it('removes on delete and resets unread', () => {
    const state = { tickets: [ticket({ id: 1, unreadMessages: 4 })], count: 1 };
    expect(resetUnread(state, 1).tickets[0]!.unreadMessages).toBe(0);
    expect(removeTicket(state, 1)).toEqual({ tickets: [], count: 0 });
    expect(removeTicket(state, 99)).toBe(state);
  });
  it('moves the ticket of a new message to the top', () => {
    const state = { tickets: [ticket({ id: 1 }), ticket({ id: 2 }), ticket({ id: 3 })], count: 3 };
    const next = applyNewMessage(state, ticket({ id: 3, lastMessage: 'new' }), v, filter());
    expect(next.tickets.map((t) => t.id)).toEqual([3, 1, 2]);
    expect(next.tickets[0]!.lastMessage).toBe('new');
    expect(next.count).toBe(3);
    const inserted = applyNewMessage(state, ticket({ id: 4 }), v, filter());
    expect(inserted.tickets.map((t) => t.id)).toEqual([4, 1, 2, 3]);
    expect(inserted.count).toBe(4);
  });
  it('merges pages without duplicates', () => {
    expect(mergePage([ticket({ id: 1 })], [ticket({ id: 1 }), ticket({ id: 2 })], 2).map((t) => t.id)).toEqual([1, 2]);
    expect(mergePage([ticket({ id: 1 })], [ticket({ id: 2 })], 1).map((t) => t.id)).toEqual([2]);
  });
});

describe('notification rule', () => {
  const v = viewer();
  const ctx = { showNotificationPending: false };
  it('only for unassigned or own tickets in my queues', () => {
    expect(shouldNotify(ticket(), v, ctx)).toBe(true);
    expect(shouldNotify(ticket({ userId: 9 }), v, ctx)).toBe(false);
    expect(shouldNotify(ticket({ userId: null, queueId: 5 }), v, ctx)).toBe(false);
    expect(shouldNotify(ticket({ userId: null, queueId: null }), v, ctx)).toBe(false);
    expect(shouldNotify(ticket({ userId: null, queueId: null }), viewer({ allTicket: 'enable' }), ctx)).toBe(true);
  });
  it('pending needs showNotificationPending; nps never', () => {
    const p = ticket({ status: 'pending', userId: null });
    expect(shouldNotify(p, v, ctx)).toBe(false);
    expect(shouldNotify(p, v, { showNotificationPending: true })).toBe(true);
    expect(shouldNotify(ticket({ status: 'lgpd', userId: null }), v, { showNotificationPending: true })).toBe(true);
    expect(shouldNotify(ticket({ status: 'nps' }), v, { showNotificationPending: true })).toBe(false);
  });
  it('group needs groupAsTicket and allowGroup', () => {
    const g = (groupAsTicket: 'enabled' | 'disabled') => ticket({ status: 'group', isGroup: true, userId: null, whatsapp: { id: 1, name: 'W', channel: 'whatsapp', groupAsTicket } });
    expect(shouldNotify(g('enabled'), v, ctx)).toBe(false);
    expect(shouldNotify(g('disabled'), viewer({ allowGroup: true }), ctx)).toBe(false);
    expect(shouldNotify(g('enabled'), viewer({ allowGroup: true }), ctx)).toBe(true);
  });
  it('never sounds for own or private messages', () => {
    expect(shouldSoundFor({ fromMe: true, isPrivate: false }, ticket(), v, ctx)).toBe(false);
    expect(shouldSoundFor({ fromMe: false, isPrivate: true }, ticket(), v, ctx)).toBe(false);
    expect(shouldSoundFor({ fromMe: false, isPrivate: false }, ticket(), v, ctx)).toBe(true);
  });
});

describe('messages', () => {
  const msg = (over: Partial<Message> = {}): Message =>
    ({ id: 1, fromMe: true, isDeleted: false, mediaType: 'chat', createdAt: '2024-05-01T10:00:00.000Z', ...over }) as Message;
  it('edits own text messages within 15 minutes', () => {
    const created = Date.parse('2024-05-01T10:00:00.000Z');
    expect(canEditMessage(msg(), created + 14 * 60_000)).toBe(true);
    expect(canEditMessage(msg(), created + 16 * 60_000)).toBe(false);
    expect(canEditMessage(msg({ fromMe: false }), created)).toBe(false);
    expect(canEditMessage(msg({ isDeleted: true }), created)).toBe(false);
  });
  it('adds, replaces and removes messages in order', () => {
    const a = msg({ id: 1, createdAt: '2024-05-01T10:00:00.000Z' });
    const b = msg({ id: 2, createdAt: '2024-05-01T10:01:00.000Z' });
    let list = applyMessageEvent([b], { action: 'create', message: a });
    expect(list.map((m) => m.id)).toEqual([1, 2]);
    list = applyMessageEvent(list, { action: 'update', message: { ...b, body: 'edited' } });
    expect(list[1]!.body).toBe('edited');
    expect(applyMessageEvent(list, { action: 'update', message: msg({ id: 9 }) })).toBe(list);
    expect(applyMessageEvent(list, { action: 'delete', messageId: 1 }).map((m) => m.id)).toEqual([2]);
  });
});

describe('closed view, sort order, search and contact updates', () => {
  const state = (tickets: Ticket[]) => ({ tickets, count: tickets.length });

  it('the closed view holds closed tickets: own, or others with allHistoric or show all', () => {
    expect(viewOfStatus('closed')).toBe('closed');
    expect(viewOfStatus('nps')).toBe('closed'); // resolved, waiting for the contact's rating
    expect(viewOfStatus('lgpd')).toBe('pending');
    const mine = ticket({ status: 'closed', userId: 7 });
    const other = ticket({ status: 'closed', userId: 9 });
    expect(belongsInList(mine, viewer(), filter({ tab: 'closed' }))).toBe(true);
    expect(belongsInList(mine, viewer(), filter({ tab: 'open' }))).toBe(false);
    expect(belongsInList(ticket({ status: 'nps', userId: 7 }), viewer(), filter({ tab: 'closed' }))).toBe(true);
    expect(belongsInList(ticket({ status: 'nps', userId: 9 }), viewer(), filter({ tab: 'closed' }))).toBe(false);
    expect(belongsInList(other, viewer(), filter({ tab: 'closed' }))).toBe(false);
    expect(belongsInList(other, viewer({ allHistoric: 'enabled' }), filter({ tab: 'closed' }))).toBe(true);
    expect(belongsInList(other, viewer({ profile: 'admin' }), filter({ tab: 'closed', showAll: true }))).toBe(true);
  });

  it('a closing ticket enters the closed view at the top and leaves the open tab', () => {
    const closed = ticket({ id: 5, status: 'closed' });
    const inClosed = applyTicketUpdate(state([ticket({ id: 2, status: 'closed' })]), closed, viewer(), filter({ tab: 'closed' }));
    expect(inClosed.tickets.map((t) => t.id)).toEqual([5, 2]);
    const inOpen = applyTicketUpdate(state([ticket({ id: 5 })]), closed, viewer(), filter());
    expect(inOpen.tickets).toEqual([]);
  });

  it('ascending order: a new message sends its ticket to the end, or beyond the loaded pages', () => {
    const list = state([ticket({ id: 1 }), ticket({ id: 2 }), ticket({ id: 3 })]);
    const moved = applyNewMessage(list, ticket({ id: 1 }), viewer(), filter({ order: 'ASC', hasMore: false }));
    expect(moved.tickets.map((t) => t.id)).toEqual([2, 3, 1]);
    expect(moved.count).toBe(3);
    const beyond = applyNewMessage(list, ticket({ id: 1 }), viewer(), filter({ order: 'ASC', hasMore: true }));
    expect(beyond.tickets.map((t) => t.id)).toEqual([2, 3]);
    expect(beyond.count).toBe(3);
    const fresh = applyTicketUpdate(list, ticket({ id: 9 }), viewer(), filter({ order: 'ASC', hasMore: false }));
    expect(fresh.tickets.map((t) => t.id)).toEqual([1, 2, 3, 9]);
    expect(fresh.count).toBe(4);
    const freshBeyond = applyTicketUpdate(list, ticket({ id: 9 }), viewer(), filter({ order: 'ASC', hasMore: true }));
    expect(freshBeyond.tickets.map((t) => t.id)).toEqual([1, 2, 3]);
    expect(freshBeyond.count).toBe(4);
  });

  it('search view: replaces, drops what no longer matches, never inserts', () => {
    const criteria = { statuses: ['open' as const], userIds: [], queueIds: [], tagIds: [], whatsappIds: [] };
    const list = state([ticket({ id: 1, lastMessage: 'a' })]);
    expect(applySearchUpdate(list, ticket({ id: 1, lastMessage: 'b' }), criteria).tickets[0]!.lastMessage).toBe('b');
    expect(applySearchUpdate(list, ticket({ id: 1, status: 'closed' }), criteria).tickets).toEqual([]);
    expect(applySearchUpdate(list, ticket({ id: 2 }), criteria)).toBe(list);
    expect(matchesSearch(ticket({ userId: 3 }), { ...criteria, statuses: [], userIds: [4] })).toBe(false);
    expect(matchesSearch(ticket({ queueId: 2 }), { ...criteria, statuses: [], queueIds: [1] })).toBe(false);
    expect(matchesSearch(ticket({ queueId: null }), { ...criteria, statuses: [], queueIds: [1] })).toBe(true);
    expect(matchesSearch(ticket({ whatsappId: 2 }), { ...criteria, statuses: [], whatsappIds: [1] })).toBe(false);
    expect(matchesSearch(ticket({ whatsappId: 1 }), { ...criteria, statuses: [], whatsappIds: [1] })).toBe(true);
    expect(matchesSearch(ticket({ whatsappId: null }), { ...criteria, statuses: [], whatsappIds: [1] })).toBe(false);
  });

  it('a contact update renames its tickets', () => {
    const contact = { id: 4, name: 'Old', urlPicture: null } as unknown as Ticket['contact'];
    const list = state([ticket({ id: 1, contactId: 4, contact }), ticket({ id: 2, contactId: 5, contact: { ...contact, id: 5 } })]);
    const next = applyContactUpdate(list, { id: 4, name: 'New', urlPicture: 'p.png' });
    expect(next.tickets[0]!.contact.name).toBe('New');
    expect(next.tickets[0]!.contact.urlPicture).toBe('p.png');
    expect(next.tickets[1]!.contact.name).toBe('Old');
    expect(applyContactUpdate(list, { id: 99, name: 'X' })).toBe(list);
  });

  it("a contact update reaches the open conversation's ticket: name, pictures and the rest of its contact, never another contact's", () => {
    const contact = {
      id: 4,
      name: 'Old',
      number: '5511999990000',
      email: '',
      urlPicture: null,
      profilePicUrl: null,
      disableBot: false,
    } as unknown as Ticket['contact'];
    const open = ticket({ id: 1, contactId: 4, contact });
    const next = applyContactToTicket(open, { id: 4, name: 'New', email: 'n@x.com', urlPicture: 'p.png', profilePicUrl: 'p.png', disableBot: true });
    expect(next.contact).toEqual({ id: 4, name: 'New', number: '5511999990000', email: 'n@x.com', urlPicture: 'p.png', profilePicUrl: 'p.png', disableBot: true });
    expect(next.id).toBe(1);
    expect(open.contact.name).toBe('Old');
    // a lighter payload keeps what it does not carry
    expect(applyContactToTicket(open, { id: 4, name: 'Only name', urlPicture: undefined }).contact).toMatchObject({ name: 'Only name', number: '5511999990000', urlPicture: null });
    expect(applyContactToTicket(open, { id: 5, name: 'Other' })).toBe(open);
    const withoutContact = ticket({ id: 2, contactId: 4, contact: null as unknown as Ticket['contact'] });
    expect(applyContactToTicket(withoutContact, { id: 4, name: 'New' })).toBe(withoutContact);
  });
});
