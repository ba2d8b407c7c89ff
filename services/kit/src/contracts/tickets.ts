import { z } from 'zod';
import { isCalendarDay, msg, numberFromText, pageNumber, wholeNumber } from './common.js';

/**
 * Shapes the tickets service answers and announces (spec 000 §3; 001 §3; 002 §3).
 * Request bodies live beside them in this file as the service grows.
 */
export const ticketStatus = z.enum(['pending', 'open', 'closed', 'group', 'lgpd', 'nps']);
export const channel = z.enum(['whatsapp', 'facebook', 'instagram', 'whatsappapi']);
export type Channel = z.infer<typeof channel>;

export const extraInfo = z.array(z.object({ name: z.string().max(100), value: z.string().max(2000) })).max(50);

export const tagSummary = z.object({ id: z.number().int(), name: z.string(), color: z.string(), kanban: z.number().int().optional() });
export const queueSummary = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export const userSummaryRef = z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable().optional() });
export const connectionSummary = z.object({ id: z.number().int(), name: z.string(), channel: z.string(), groupAsTicket: z.enum(['enabled', 'disabled']) });

export const contact = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  companyId: z.number().int(),
  remoteJid: z.string().nullable(),
  lid: z.string().nullable(),
  isGroup: z.boolean(),
  channel,
  urlPicture: z.string().nullable(),
  profilePicUrl: z.string().nullable(),
  active: z.boolean(),
  acceptAudioMessage: z.boolean(),
  disableBot: z.boolean(),
  lgpdAcceptedAt: z.string().nullable(),
  extraInfo,
  tags: z.array(tagSummary),
  whatsappId: z.number().int().nullable(),
  whatsapp: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contact>;

export const ticket = z.object({
  id: z.number().int(),
  uuid: z.string(),
  companyId: z.number().int(),
  status: ticketStatus,
  contactId: z.number().int(),
  contact,
  queueId: z.number().int().nullable(),
  queue: queueSummary.nullable(),
  userId: z.number().int().nullable(),
  user: userSummaryRef.nullable(),
  whatsappId: z.number().int().nullable(),
  whatsapp: connectionSummary.nullable(),
  channel,
  isGroup: z.boolean(),
  isBot: z.boolean(),
  unreadMessages: z.number().int(),
  lastMessage: z.string(),
  lastMessageAt: z.string().nullable(),
  tags: z.array(tagSummary),
  userRating: z.object({ rate: z.number().int().min(1).max(5) }).nullable(),
  useIntegration: z.boolean(),
  amountUsedBotQueues: z.number().int(),
  isTransfered: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticket>;

export const mediaType = z.enum(['chat', 'image', 'video', 'audio', 'application', 'locationMessage', 'contactMessage', 'reactionMessage', 'call_log', 'sticker', 'document']);

export const reaction = z.object({ emoji: z.string(), fromMe: z.boolean(), userId: z.number().int().nullable(), contactId: z.number().int().nullable(), createdAt: z.string() });

export const message = z.object({
  id: z.number().int(),
  wid: z.string().nullable(),
  companyId: z.number().int(),
  ticketId: z.number().int(),
  ticket: z.object({
    id: z.number().int(),
    uuid: z.string(),
    status: ticketStatus,
    queueId: z.number().int().nullable(),
    /** The ticket's queue now (spec 000 §3 Message: ticket (uuid, queue, queueId, whatsappId)). */
    queue: queueSummary.nullable(),
    whatsappId: z.number().int().nullable(),
  }),
  contactId: z.number().int().nullable(),
  contact: z.object({ id: z.number().int(), name: z.string(), number: z.string(), urlPicture: z.string().nullable() }).nullable(),
  /** The attendant who wrote it (outbound). */
  userId: z.number().int().nullable(),
  body: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  isPrivate: z.boolean(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isForwarded: z.boolean(),
  /** 0 pending (clock), 1 sent, 2 delivered, 3 read, 4 played, 5 read (spec 000 §3); -1 failed. */
  ack: z.number().int().min(-1).max(5),
  mediaType,
  mediaUrl: z.string().nullable(),
  mediaName: z.string().nullable(),
  quotedMsgId: z.number().int().nullable(),
  quotedMsg: z.object({ id: z.number().int(), body: z.string(), fromMe: z.boolean(), mediaType, contactName: z.string().nullable() }).nullable(),
  reactions: z.array(reaction),
  /** The queue the ticket was in when the message was written. */
  queueId: z.number().int().nullable(),
  queue: queueSummary.nullable(),
  transcrito: z.boolean(),
  /** The text of the audio's transcription (POST /message/transcribeAudio), shown again under the audio. */
  transcription: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof message>;

export const queue = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
  orderQueue: z.number().int().nullable(),
  tempoRoteador: z.number().int(),
  ativarRoteador: z.boolean(),
  integrationId: z.number().int().nullable(),
  fileListId: z.number().int().nullable(),
  closeTicket: z.boolean(),
  schedules: z.array(z.object({ weekday: z.string(), weekdayEn: z.string(), startTimeA: z.string(), endTimeA: z.string(), startTimeB: z.string(), endTimeB: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Queue = z.infer<typeof queue>;

export const tag = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  color: z.string(),
  kanban: z.number().int(),
  timeLane: z.number().int(),
  nextLaneId: z.number().int().nullable(),
  rollbackLaneId: z.number().int().nullable(),
  greetingMessageLane: z.string(),
  userId: z.number().int().nullable(),
  contactsCount: z.number().int(),
  ticketsCount: z.number().int(),
  /**
   * The links themselves (spec 001 §3 Tag: contacts, ticketTags), on the paged list and the kanban lanes:
   * at most TAG_LINKS_MAX each, the counts above stay exact.
   */
  contacts: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
  ticketTags: z.array(z.object({ ticketId: z.number().int(), tagId: z.number().int() })).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tag = z.infer<typeof tag>;
/** How many contacts and ticket links a tag of a list carries at most. */
export const TAG_LINKS_MAX = 500;

export const quickMessage = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  userId: z.number().int().nullable(),
  shortcode: z.string(),
  message: z.string(),
  geral: z.boolean(),
  visao: z.boolean(),
  status: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  isMedia: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuickMessage = z.infer<typeof quickMessage>;

/** What realtime needs to decide who may see a ticket (kit visibility). */
export const ticketScope = z.object({
  id: z.number().int(),
  status: ticketStatus,
  userId: z.number().int().nullable(),
  queueId: z.number().int().nullable(),
  isGroup: z.boolean(),
});

// ---- tickets & messages requests ----
// (spec 000 §7 "Tickets and messages"; validation messages of §5)

/** `''` from a form means "none". */
const blankToNull = (v: unknown) => (v === '' ? null : v);
/** A positive int4 id from JSON or text; a missing one reads 'Required'. */
const intId = z.preprocess(
  numberFromText,
  z.number({ error: (issue) => (issue.input === undefined ? 'Required' : 'must be a number') }).int('must be a whole number').positive('must be positive').max(2_147_483_647, 'is too large'),
);
const nullableId = z.preprocess(blankToNull, intId.nullable());
const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)], { error: 'must be true or false' })
  .transform((v) => v === true || v === 'true' || v === '1' || v === 1);

/**
 * A list in a query string: JSON text (`queueIds=[1,2]`), repeated parameters (`queueIds=1&queueIds=2`),
 * bracket parameters (`queueIds[]=1`, folded by `listQuery`) or a comma list (`queueIds=1,2`).
 */
export const queryList = <T extends z.ZodType>(item: T, max = 200) =>
  z.preprocess((value) => {
    const fromText = (text: string): unknown[] => {
      const trimmed = text.trim();
      if (trimmed === '') return [];
      if (trimmed.startsWith('[')) {
        try {
          const parsed: unknown = JSON.parse(trimmed);
          return Array.isArray(parsed) ? parsed : [parsed];
        } catch {
          return [trimmed];
        }
      }
      return trimmed.split(',').map((s) => s.trim()).filter(Boolean);
    };
    if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'string' ? fromText(v) : [v]));
    if (typeof value === 'string') return fromText(value);
    if (value === null || value === undefined) return value;
    return [value];
  }, z.array(item).max(max, msg.tooLong));

/** Folds axios-style `key[]` parameters into `key` before a query schema reads them. */
export const listQuery = <S extends z.ZodRawShape>(shape: S) =>
  z.preprocess((query) => {
    if (!query || typeof query !== 'object') return query;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
      const name = key.endsWith('[]') ? key.slice(0, -2) : key;
      const previous = out[name];
      out[name] = previous === undefined ? value : ([] as unknown[]).concat(previous, value);
    }
    return out;
  }, z.object(shape));

/** YYYY-MM-DD (a day of the company's time zone). */
export const isoDay = z.string().refine(isCalendarDay, 'must be a date YYYY-MM-DD');
/** A date (YYYY-MM-DD) or a full ISO timestamp. */
export const isoDateOrTime = z.string().max(40).refine((v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? isoDay.safeParse(v).success : /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))), 'must be a date');

/** The list views: a real status or the 'search' pseudo-status (every status). */
export const ticketView = z.enum(['pending', 'open', 'closed', 'group', 'lgpd', 'nps', 'search']);
export type TicketView = z.infer<typeof ticketView>;

export const listTicketsQuery = listQuery({
  searchParam: z.string().trim().max(200, msg.tooLong).optional(),
  pageNumber,
  status: z.preprocess(blankToNull, ticketView.nullable()).optional(),
  /** Tickets created on that day. */
  date: z.preprocess(blankToNull, isoDay.nullable()).optional(),
  /** Tickets last updated on that day. */
  updatedAt: z.preprocess(blankToNull, isoDay.nullable()).optional(),
  showAll: bool.optional(),
  queueIds: queryList(intId).optional(),
  tags: queryList(intId, 20).optional(),
  users: queryList(intId).optional(),
  userFilter: queryList(intId).optional(),
  withUnreadMessages: bool.optional(),
  whatsapps: queryList(intId).optional(),
  whatsappIds: queryList(intId).optional(),
  statusFilter: queryList(ticketStatus, 10).optional(),
  sortTickets: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['ASC', 'DESC'])).default('DESC'),
  searchOnMessages: bool.optional(),
});
export type ListTicketsQuery = z.infer<typeof listTicketsQuery>;

export const ticketsPage = z.object({ tickets: z.array(ticket), hasMore: z.boolean(), count: z.number().int() });

export const createTicketBody = z.object({
  contactId: intId,
  queueId: nullableId.optional(),
  whatsappId: nullableId.optional(),
  userId: nullableId.optional(),
  status: z.enum(['open', 'pending']).optional(),
  /** Only a super user may name another company. */
  companyId: nullableId.optional(),
});
export type CreateTicketBody = z.infer<typeof createTicketBody>;

export const updateTicketBody = z.object({
  status: z.enum(['closed', 'pending', 'open', 'group']).optional(),
  userId: nullableId.optional(),
  queueId: nullableId.optional(),
  /** A note for the attendant receiving the transfer (stored as a private message). */
  msgTransfer: z.string().max(10_000, msg.tooLong).nullable().optional(),
  isTransfered: bool.optional(),
  sendFarewellMessage: bool.optional(),
  /**
   * With the company's userRating on, resolving asks the contact for a rate from 1 to 5 first (status nps).
   * Unset, it follows sendFarewellMessage (Whaticket's behaviour: resolving without farewell asks nothing).
   */
  sendRating: bool.optional(),
  amountUsedBotQueues: wholeNumber(0, 1000).optional(),
  useIntegration: bool.optional(),
});
export type UpdateTicketBody = z.infer<typeof updateTicketBody>;

export const closeAllTicketsBody = z.object({
  status: z.enum(['open', 'pending', 'group', 'lgpd'], { error: 'must be open, pending, group or lgpd' }),
  selectedQueueIds: queryList(intId, 500).nullable().optional(),
});
export type CloseAllTicketsBody = z.infer<typeof closeAllTicketsBody>;
export const closeAllAnswer = z.object({
  message: z.string(),
  /** Tickets closed. */
  count: z.number().int(),
  /** Tickets left as they were: with requiredTag on, those without a tag on them or on their contact. */
  left: z.number().int(),
});

export const ticketUuidParams = z.object({ uuid: z.uuid('must be a uuid') });
export const ticketIdParams = z.object({ ticketId: intId });

export const ticketLogType = z.enum(['create', 'chatBot', 'queue', 'open', 'access', 'transfered', 'receivedTransfer', 'pending', 'closed', 'reopen', 'redirect']);
export type TicketLogType = z.infer<typeof ticketLogType>;
export const ticketLogEntry = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  type: ticketLogType,
  userId: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  queueId: z.number().int().nullable(),
  queue: queueSummary.nullable(),
  createdAt: z.string(),
});
export type TicketLogEntry = z.infer<typeof ticketLogEntry>;

export const listMessagesQuery = z.object({
  pageNumber,
  /** Sent by the web; the conversation shows the whole ticket whatever it holds. */
  selectedQueues: z.unknown().optional(),
});
export const messagesPage = z.object({ messages: z.array(message), ticket, count: z.number().int(), hasMore: z.boolean() });

/** A contact card to send (spec: send contact). */
export const vCardInput = z.union([
  z
    .string()
    .trim()
    .min(1, msg.required)
    .max(5000, msg.tooLong)
    // One or more cards, each BEGIN:VCARD … END:VCARD naming someone (FN) or a phone (TEL): what the conversation shows.
    .refine((text) => /^BEGIN:VCARD\r?\n[\s\S]*?\r?\nEND:VCARD$/i.test(text) && /^(FN|TEL)[;:]/im.test(text), 'must be a vCard (BEGIN:VCARD … FN or TEL … END:VCARD)'),
  z.object({ name: z.string().trim().min(1, msg.required).max(250, msg.tooLong), number: z.string().trim().min(1, msg.required).max(50, msg.tooLong) }),
]);

export const sendMessageBody = z.object({
  /** Null with a contact card (the web of the product this replaces sends `body: null` beside `vCard`). */
  body: z
    .string()
    .max(65_536, msg.tooLong)
    .nullish()
    .transform((v) => v ?? ''),
  fromMe: bool.optional(),
  read: bool.optional(),
  /** Links to outside media are not fetched by the server; attach files as multipart `medias`. */
  mediaUrl: z.string().max(2000).nullable().optional(),
  /** The quoted message: its id, or the message object the web holds. */
  quotedMsg: z
    .union([intId, z.object({ id: intId }).passthrough().transform((q) => q.id)])
    .nullable()
    .optional(),
  isPrivate: bool.optional(),
  vCard: vCardInput.nullable().optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

export const editMessageBody = z.object({ body: z.string({ error: msg.required }).trim().min(1, msg.required).max(65_536, msg.tooLong) });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** One emoji (with its skin tone, joiners and variation selectors), as WhatsApp takes a reaction: not a word. */
export const isOneEmoji = (text: string): boolean => {
  // Short texts only: a reaction never is long, and a huge one must not be segmented whole.
  if (text.length === 0 || text.length > 32) return false;
  const segments = graphemes.segment(text)[Symbol.iterator]();
  segments.next();
  return segments.next().done === true && /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u.test(text);
};
export const reactMessageBody = z.object({
  reaction: z.string({ error: msg.required }).trim().min(1, msg.required).max(32, msg.tooLong).refine(isOneEmoji, 'must be one emoji'),
});
export const forwardMessageBody = z.object({
  messageId: intId,
  contactId: intId,
  signMessage: bool.optional(),
});
export const forwardAnswer = z.object({ message, ticket });

export const dashboardMomentsQuery = listQuery({
  status: z.preprocess(blankToNull, ticketStatus.nullable()).optional(),
  showAll: bool.optional(),
  queueIds: queryList(intId).optional(),
  dateStart: z.preprocess(blankToNull, isoDateOrTime.nullable()).optional(),
  dateEnd: z.preprocess(blankToNull, isoDateOrTime.nullable()).optional(),
  userId: nullableId.optional(),
});
export type DashboardMomentsQuery = z.infer<typeof dashboardMomentsQuery>;

/**
 * GET /dashboard/ticketsDay and /dashboard/ticketsUsers (spec 002 §7): whole days, yyyy-MM-dd, in the company's
 * time zone. companyId is accepted as the web sends it; the company is always the caller's.
 */
export const dashboardPeriodQuery = listQuery({
  initialDate: isoDay,
  finalDate: isoDay,
  companyId: z.unknown().optional(),
});
export type DashboardPeriodQuery = z.infer<typeof dashboardPeriodQuery>;
/** Tickets opened in the period: per hour (`horario`, 0–23) when it is one day, else per day (`data`, dd/MM/yyyy); `count` sums them. */
export const ticketsPerDay = z.object({
  data: z.array(z.object({ horario: z.number().int().optional(), data: z.string().optional(), total: z.number().int() })),
  count: z.number().int(),
});
export type TicketsPerDay = z.infer<typeof ticketsPerDay>;
/** Tickets opened in the period per attendant they are assigned to (`nome`, `quantidade`), by name. */
export const ticketsPerUser = z.object({ data: z.array(z.object({ nome: z.string(), quantidade: z.number().int() })) });
export type TicketsPerUser = z.infer<typeof ticketsPerUser>;

/**
 * GET /dashboard (spec 002 §3/§7): the counters and the attendants of a period of whole days in the
 * company's time zone: date_from/date_to (or initialDate/finalDate) yyyy-MM-dd, or the last `days` days;
 * by default the first of this month to today. queueIds narrows it to tickets of those queues.
 */
export const dashboardQuery = listQuery({
  date_from: isoDay.optional(),
  date_to: isoDay.optional(),
  initialDate: isoDay.optional(),
  finalDate: isoDay.optional(),
  days: z.preprocess(numberFromText, z.number({ error: 'must be a number of days' }).int('must be a whole number').min(1, 'must be 1 or more').max(366, 'is too large')).optional(),
  queueIds: queryList(intId).optional(),
  companyId: z.unknown().optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;
const share = z.number().min(0).max(100);
/**
 * Of the tickets opened in the period: where they stand now, how long they waited for an attendant and
 * were attended (minutes), and their satisfaction rates (1–5: 5 promoter, 4 passive, 1–3 detractor; NPS =
 * % promoters − % detractors). Leads: contacts created in the period; messages: exchanged in the period;
 * activeConnections: connected now. happening, pending, finished and nps repeat the older names.
 */
export const dashboardCounters = z.object({
  tickets: z.number().int(),
  supportPending: z.number().int(),
  supportHappening: z.number().int(),
  supportFinished: z.number().int(),
  supportGroups: z.number().int(),
  leads: z.number().int(),
  messagesReceived: z.number().int(),
  messagesSent: z.number().int(),
  activeConnections: z.number().int(),
  conversionRate: share,
  avgWaitTime: z.number().min(0),
  avgSupportTime: z.number().min(0),
  withRating: z.number().int(),
  withoutRating: z.number().int(),
  waitRating: z.number().int(),
  percRating: share,
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
  npsScore: z.number().min(-100).max(100),
  npsPromotersPerc: share,
  npsPassivePerc: share,
  npsDetractorsPerc: share,
  happening: z.number().int(),
  pending: z.number().int(),
  finished: z.number().int(),
  nps: z.number().min(-100).max(100),
});
export type DashboardCounters = z.infer<typeof dashboardCounters>;
/** An attendant's tickets of the period (assigned to them), their average rate and times (minutes), and whether they are online now. */
export const dashboardAttendant = z.object({
  id: z.number().int(),
  name: z.string(),
  tickets: z.number().int(),
  /** Of those, the ones closed (resolved) by now. */
  closed: z.number().int(),
  rating: z.number().min(0).max(5),
  countRating: z.number().int(),
  avgWaitTime: z.number().min(0),
  avgSupportTime: z.number().min(0),
  online: z.boolean(),
});
export type DashboardAttendant = z.infer<typeof dashboardAttendant>;
export const dashboardData = z.object({ counters: dashboardCounters, attendants: z.array(dashboardAttendant) });
export type DashboardData = z.infer<typeof dashboardData>;

/** The most rows one report page holds (an export asks for page 1 with a "huge" page size: it gets this many). */
export const TICKET_REPORT_MAX_PAGE_SIZE = 20_000;
/**
 * GET /ticketreport/reports (spec 002 §4/§7): tickets of the company by contact, connections, users, queues and
 * statuses (JSON arrays or lists), opened between dateFrom and dateTo (whole days of the company's time zone),
 * only rated ones if asked; pages of pageSize (default 10), newest first.
 */
export const ticketReportQuery = listQuery({
  searchParam: z.string().trim().max(200, msg.tooLong).optional(),
  contactId: z.preprocess(blankToNull, nullableId).optional(),
  whatsappId: queryList(intId).optional(),
  users: queryList(intId).optional(),
  queueIds: queryList(intId).optional(),
  status: queryList(ticketStatus, 10).optional(),
  dateFrom: z.preprocess(blankToNull, isoDay.nullable()).optional(),
  dateTo: z.preprocess(blankToNull, isoDay.nullable()).optional(),
  page: wholeNumber(1, 1_000_000).default(1),
  pageSize: z
    .preprocess(numberFromText, z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more'))
    .transform((n) => Math.min(n, TICKET_REPORT_MAX_PAGE_SIZE))
    .default(10),
  onlyRated: bool.optional(),
  companyId: z.unknown().optional(),
});
export type TicketReportQuery = z.infer<typeof ticketReportQuery>;
/** One report row: the ticket with its connection, contact, user and queue names, when it opened and closed, how long it was attended (minutes, from its first acceptance), and its rate (1–5). */
export const ticketReportRow = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: ticketStatus,
  lastMessage: z.string(),
  whatsappId: z.number().int().nullable(),
  whatsappName: z.string().nullable(),
  contactId: z.number().int(),
  contactName: z.string(),
  contactNumber: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  queueId: z.number().int().nullable(),
  queueName: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  supportTime: z.number().min(0).nullable(),
  nps: z.number().int().min(1).max(5).nullable(),
  /** The same rate under the spec's name (spec 002 §3 "Ticket report row": NPS). */
  NPS: z.number().int().min(1).max(5).nullable().optional(),
});
export type TicketReportRow = z.infer<typeof ticketReportRow>;
export const ticketReport = z.object({ tickets: z.array(ticketReportRow), totalTickets: z.object({ total: z.number().int() }) });
export type TicketReport = z.infer<typeof ticketReport>;
