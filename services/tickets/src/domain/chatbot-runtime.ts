import type { Emit, Ticket, WeekdaySchedule } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { logsRepository } from '../db/logs.repository.js';
import { projectionsRepository, type ConnectionProjection } from '../db/projections.repository.js';
import { queuesRepository, type ChatbotRow, type QueueRow } from '../db/queues.repository.js';
import { ticketsRepository, type NewTicketRow, type TicketRow } from '../db/tickets.repository.js';
import type { LogEntry, TicketChanges } from './tickets.js';
import { createAccess } from './access.js';
import { isOpenAt, mayRepeatMenu, menuText, onVacation, parseChoice } from './chatbot.js';
import { copyIntoConversation, createFileListSender, keyExtension } from './file-list-runtime.js';
import { ownMediaKey } from './inbound.js';
import { mediaKindOf } from './message-actions.js';
import { announceTicket, announceTicketWith, postAutomaticText, postMessage, scopeOf } from './outbound.js';
import type { ContactRow } from './presenters.js';

export type BotInput = {
  ticket: TicketRow;
  /** The ticket's contact (never a group: the bot does not talk in groups). */
  contact: ContactRow;
  connection: ConnectionProjection | undefined;
  /** What the contact just wrote. */
  body: string;
  /** The ticket was opened by this message. */
  created: boolean;
};

/**
 * The chatbot on inbound messages (spec 000 §2/§4, spec 001 §2/§3): a waiting ticket without queue on a
 * connection with several queues gets the queue menu (the connection's greeting and one numbered line
 * per queue); the contact's number picks the queue, whose greeting follows, with its own option tree
 * when it has one; anything else repeats the menu. A ticket left waiting in a queue goes to one of its
 * attendants online with userRandom, or is told its place in line with sendQueuePosition; with
 * DirectTicketsToWallets a returning contact goes straight to the attendant who served them last. The
 * connection's greeting attachment goes out before its first menu. A queue's file list, and an option of
 * type 'file', send the list's message and files (file-list-runtime.ts). Contacts with disableBot, groups
 * and tickets someone handles are left alone. Every text goes through the outbound path (stored, channels.message.send).
 */
export function createChatbot(deps: TicketsDeps) {
  const access = createAccess(deps);
  const fileLists = createFileListSender(deps);
  const tz = deps.config.TICKETS_TIME_ZONE;

  return {
    async afterInbound(tx: TicketsDb, emit: Emit, input: BotInput): Promise<TicketRow> {
      const { contact, connection } = input;
      const start = input.ticket;
      if (!connection || start.isGroup || contact.isGroup || contact.disableBot || start.userId !== null || start.status !== 'pending') return start;
      // The common case costs nothing: a ticket already in its queue with the bot done, or a connection without queues.
      if (!input.created && !start.isBot && (start.queueId !== null || connection.queueIds.length === 0)) return start;
      const companyId = start.companyId;
      const settings = await access.settings(companyId);
      const now = new Date();

      let current = start;
      let touched = false;
      const tickets = ticketsRepository(tx);
      const queues = queuesRepository(tx);
      const logs = logsRepository(tx);

      /** The ticket as the events show it, when nothing changed it since the last message loaded it. */
      let shown: Ticket | null = null;
      const set = async (changes: TicketChanges & Partial<Omit<NewTicketRow, 'status'>>) => {
        current = await tickets.update(companyId, current.id, changes);
        touched = true;
        shown = null;
      };
      const log = (entry: LogEntry) => logs.add(companyId, current.id, [entry]);
      /** An automatic text; `user`: the attendant {{userName}} names (the one an option hands the contact to). */
      const say = async (text: string, queue: Pick<QueueRow, 'name'> | null, user: { name: string } | null = null) => {
        const posted = await postAutomaticText(deps, tx, emit, { ticket: current, contact, text, user, queue, connection, userId: null, now });
        if (!posted) return;
        current = posted.ticket;
        shown = posted.details;
      };
      /** The connection's greeting image or video, before its first menu (which stays the message the contact answers). */
      const sendGreetingMedia = async () => {
        const key = connection.greetingMediaKey ? ownMediaKey(companyId, connection.greetingMediaKey) : null;
        if (!key) return;
        const copied = await copyIntoConversation(deps.ctx.storage, companyId, key).catch((err: unknown) => {
          deps.ctx.logger.warn({ err, companyId, connectionId: connection.id, key }, 'greeting attachment not sent');
          return null;
        });
        if (!copied) return;
        const media = { ...copied, name: connection.greetingMediaName || `saudacao.${keyExtension(key)}` };
        const posted = await postMessage(deps, tx, emit, { ticket: current, contact, body: '', userId: null, mediaType: mediaKindOf(copied.mime, null), media });
        current = posted.ticket;
        shown = posted.details;
      };
      /** A file list (the queue's, or a 'file' option's): its message and its files, as the bot. */
      const sendFileList = async (fileListId: number | null, queue: Pick<QueueRow, 'name'>) => {
        if (fileListId === null) return;
        const posted = await fileLists.send(tx, emit, { ticket: current, contact, connection, queue, fileListId, now });
        if (!posted) return;
        current = posted.ticket;
        shown = posted.details;
      };
      const finish = async (): Promise<TicketRow> => {
        if (!touched) return current;
        // Only the bot's own bookkeeping changed and the last message's event already carries the ticket as
        // it is now: lists take it from there, no separate ticket event is needed.
        const before = scopeOf(start);
        const after = scopeOf(current);
        const sameScope = before.status === after.status && before.queueId === after.queueId && before.userId === after.userId;
        if (shown && sameScope) return current;
        if (shown) await announceTicketWith(emit, current, before, shown);
        else await announceTicket(tx, emit, current, before);
        return current;
      };

      // A collective vacation of the connection: its message to a new conversation, and no menu while it lasts.
      if (onVacation(connection, now, tz)) {
        if (input.created) await say(connection.collectiveVacationMessage, null);
        return current;
      }
      // Working hours, the company's or the connection's (setting scheduleType): outside them only the
      // connection's out-of-hours text, once per ticket.
      const scheduleType = settings.value('scheduleType');
      if (scheduleType === 'company' || scheduleType === 'connection') {
        const schedules = scheduleType === 'company' ? (await deps.ctx.companies.get(companyId).catch(() => null))?.company.schedules : connection.schedules;
        if (!isOpenAt(schedules, now, tz)) {
          if (input.created) await say(connection.outOfHoursMessage, null);
          return current;
        }
      }

      // DirectTicketsToWallets: a returning contact's new conversation goes straight to the attendant who
      // served them last (in that ticket's queue, when it still exists), without the menu.
      if (input.created && settings.on('DirectTicketsToWallets')) {
        const owner = await tickets.lastAttendantOf(companyId, current.contactId, current.id);
        if (owner) {
          const queueId = owner.queueId !== null && (await queues.findById(companyId, owner.queueId)) ? owner.queueId : current.queueId;
          await set({ userId: owner.userId, queueId, status: 'open', isBot: false, chatbotId: null });
          await log({ type: 'receivedTransfer', userId: owner.userId, queueId });
          return finish();
        }
      }

      const offered = await queues.byIds(companyId, connection.queueIds);
      const mayRepeat = () =>
        mayRepeatMenu({ repeats: current.amountUsedBotQueues, maxRepeats: connection.maxUseBotQueues, lastMenuAt: current.botMenuAt, waitMinutes: connection.timeUseBotQueues, now });
      const severalQueues = offered.length > 1;
      /**
       * The wrong-answer count (amountUsedBotQueues, limited by maxUseBotQueues) is per menu: a valid answer
       * (a number that picks, or the back key) leads to another menu, whose count starts afresh.
       */
      const freshCount = (): { amountUsedBotQueues?: number } => (current.amountUsedBotQueues !== 0 ? { amountUsedBotQueues: 0 } : {});

      // The ticket changes first, so the menu message's own read of the ticket is the one announced at the end.
      const showQueueMenu = async (repeat: boolean) => {
        if (repeat) {
          if (!mayRepeat()) return;
          await set({ amountUsedBotQueues: current.amountUsedBotQueues + 1, botMenuAt: now });
        } else {
          await set({ isBot: true, chatbotId: null, botMenuAt: now });
          await log({ type: 'chatBot', userId: null, queueId: null });
          await sendGreetingMedia();
        }
        await say(menuText(connection.greetingMessage, offered), null);
      };

      /** A level of a queue's option tree: its text (the queue's or the parent option's greeting) and options. */
      const showLevel = async (queue: QueueRow, parent: ChatbotRow | null, options: ChatbotRow[]) => {
        await say(menuText(parent ? parent.greetingMessage : queue.greetingMessage, options, parent !== null || severalQueues), queue);
      };

      const enterQueue = async (queue: QueueRow, how: 'chosen' | 'arrived') => {
        if (current.queueId !== queue.id || current.chatbotId !== null || current.amountUsedBotQueues !== 0) await set({ queueId: queue.id, chatbotId: null, ...freshCount() });
        if (settings.value('scheduleType') === 'queue' && !isOpenAt(queue.schedules as WeekdaySchedule[], now, tz)) {
          await say(queue.outOfHoursMessage, queue);
          if (current.isBot) await set({ isBot: false });
          return;
        }
        const options = await queues.level(companyId, queue.id, null);
        if (options.length > 0) {
          // The queue's files before its menu: the menu stays the last message, the one the contact answers.
          await sendFileList(queue.fileListId, queue);
          await showLevel(queue, null, options);
          if (!current.isBot) await set({ isBot: true });
          await log({ type: 'chatBot', userId: null, queueId: queue.id });
          return;
        }
        // A single queue greets only with sendGreetingMessageOneQueues; a chosen queue always does.
        if (how === 'chosen' || settings.on('sendGreetingMessageOneQueues')) await say(queue.greetingMessage, queue);
        await sendFileList(queue.fileListId, queue);
        if (current.isBot) await set({ isBot: false });
        await awaitAttendant(queue);
      };

      /**
       * The ticket now waits in `queue` for an attendant: with userRandom it goes to one of the queue's
       * attendants online (picked at random), else with sendQueuePosition the contact learns their place in line.
       */
      const awaitAttendant = async (queue: QueueRow) => {
        if (settings.on('userRandom')) {
          const online = await projectionsRepository(tx).onlineUsersOfQueue(companyId, queue.id);
          const user = online[Math.floor(Math.random() * online.length)];
          if (user) {
            await set({ userId: user.id, status: 'open', isBot: false });
            await log({ type: 'receivedTransfer', userId: user.id, queueId: queue.id });
            return;
          }
        }
        const positionText = settings.value('sendQueuePositionMessage').trim();
        if (settings.on('sendQueuePosition') && positionText) {
          const place = Math.max(1, await tickets.waitingInQueue(companyId, queue.id));
          await say(`${positionText} *${place}*`, queue);
        }
      };

      const applyOption = async (queue: QueueRow, option: ChatbotRow) => {
        await log({ type: 'chatBot', userId: null, queueId: queue.id });
        const children = await queues.level(companyId, queue.id, option.id);
        switch (option.queueType) {
          case 'queue': {
            const target = option.optQueueId ? await queues.findById(companyId, option.optQueueId) : undefined;
            // {{queue}} in the option's own text names where the contact is sent.
            await say(option.greetingMessage, target ?? queue);
            if (target) {
              await log({ type: 'redirect', userId: null, queueId: target.id });
              await enterQueue(target, 'chosen');
            } else await set({ isBot: false, chatbotId: option.id });
            break;
          }
          case 'attendent': {
            const user = option.optUserId ? await access.companyUser(tx, companyId, option.optUserId).catch(() => null) : null;
            await say(option.greetingMessage, queue, user);
            if (user) {
              const queueId = option.optQueueId ?? queue.id;
              await set({ userId: user.id, queueId, status: current.isGroup ? 'group' : 'open', isBot: false, chatbotId: option.id });
              await log({ type: 'receivedTransfer', userId: user.id, queueId });
            } else await set({ isBot: false, chatbotId: option.id });
            break;
          }
          case 'integration':
            await say(option.greetingMessage, queue);
            await set({ isBot: false, chatbotId: option.id, useIntegration: true });
            break;
          case 'file':
            // The option's file list: after its text, or before its sub-menu (which stays the last message).
            if (children.length > 0) {
              await sendFileList(option.optFileId, queue);
              await showLevel(queue, option, children);
              await set({ chatbotId: option.id, isBot: true });
            } else {
              await say(option.greetingMessage, queue);
              await sendFileList(option.optFileId, queue);
              await set({ chatbotId: option.id, isBot: false });
            }
            break;
          default:
            if (children.length > 0) {
              await showLevel(queue, option, children);
              await set({ chatbotId: option.id, isBot: true });
            } else {
              await say(option.greetingMessage, queue);
              await set({ chatbotId: option.id, isBot: false });
            }
        }
        if (option.closeTicket && current.status !== 'closed') {
          await set({ status: 'closed', isBot: false });
          await log({ type: 'closed', userId: null, queueId: current.queueId });
        }
      };

      if (current.queueId === null) {
        if (offered.length === 0) return current;
        if (offered.length === 1) {
          await log({ type: 'queue', userId: null, queueId: offered[0]!.id });
          await enterQueue(offered[0]!, 'arrived');
          return finish();
        }
        if (!current.isBot) {
          await showQueueMenu(false);
          return finish();
        }
        const choice = parseChoice(input.body, offered.length);
        if (choice?.kind === 'option') {
          const queue = offered[choice.index]!;
          await log({ type: 'queue', userId: null, queueId: queue.id });
          await enterQueue(queue, 'chosen');
        } else await showQueueMenu(true);
        return finish();
      }

      const queue = await queues.findById(companyId, current.queueId);
      if (!queue) return current;
      if (input.created) {
        // Landed straight in the connection's only queue.
        await enterQueue(queue, 'arrived');
        return finish();
      }
      if (!current.isBot) return current;

      const parent = current.chatbotId ? ((await queues.option(companyId, current.chatbotId)) ?? null) : null;
      const options = await queues.level(companyId, queue.id, parent?.id ?? null);
      const choice = parseChoice(input.body, options.length);
      if (choice?.kind === 'back') {
        // Navigation, not a wrong answer: the previous menu always comes (never limited by maxUseBotQueues),
        // and the ticket leaves its queue only together with the queue menu.
        if (parent) {
          const grand = parent.parentId ? ((await queues.option(companyId, parent.parentId)) ?? null) : null;
          await set({ chatbotId: grand?.id ?? null, ...freshCount() });
          await showLevel(queue, grand, await queues.level(companyId, queue.id, grand?.id ?? null));
        } else if (severalQueues) {
          await set({ queueId: null, chatbotId: null, botMenuAt: now, ...freshCount() });
          await say(menuText(connection.greetingMessage, offered), null);
        } else {
          if (current.amountUsedBotQueues !== 0) await set(freshCount());
          await showLevel(queue, null, options);
        }
      } else if (choice?.kind === 'option') {
        if (current.amountUsedBotQueues !== 0) await set(freshCount());
        await applyOption(queue, options[choice.index]!);
      } else if (mayRepeat()) {
        await set({ amountUsedBotQueues: current.amountUsedBotQueues + 1, botMenuAt: now });
        await showLevel(queue, parent, options);
      }
      return finish();
    },
  };
}
export type Chatbot = ReturnType<typeof createChatbot>;
