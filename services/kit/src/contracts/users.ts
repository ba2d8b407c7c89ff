import { z } from 'zod';
import { enabledDisabled, id, msg, pageNumber, searchParam, timeOfDay } from './common.js';

export const profile = z.enum(['admin', 'user']);
export type Profile = z.infer<typeof profile>;
export const allTicketValue = z.enum(['enable', 'disable']);

/** A user as every answer and event shows it (never the password). Spec 000 §3, 001 §3. */
export const user = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile,
  super: z.boolean(),
  online: z.boolean(),
  /** The Users screen's status column (spec 001 §3): `online` told as a word. */
  status: z.enum(['online', 'offline']),
  startWork: z.string(),
  endWork: z.string(),
  farewellMessage: z.string().nullable(),
  allTicket: allTicketValue,
  allowGroup: z.boolean(),
  defaultTheme: z.enum(['light', 'dark']),
  defaultMenu: z.enum(['open', 'closed']),
  allHistoric: enabledDisabled.nullable(),
  allUserChat: enabledDisabled,
  userClosePendingTicket: enabledDisabled,
  showDashboard: enabledDisabled,
  allowRealTime: enabledDisabled,
  allowConnections: enabledDisabled,
  whatsappId: z.number().int().nullable(),
  queueIds: z.array(z.number().int()),
  profileImage: z.string().nullable(),
  companyId: z.number().int(),
  defaultTicketsManagerWidth: z.number().int(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof user>;

const name = z.string({ error: msg.required }).trim().min(2, msg.tooShort).max(50, msg.tooLong);
/** Blank is 'Required' (as absent), else it must be an e-mail ('Invalid email'). */
const email = z.string({ error: msg.required }).trim().toLowerCase().max(254, msg.tooLong).pipe(z.string().min(1, msg.required).pipe(z.email(msg.invalidEmail)));
const password = z.string().min(5, msg.tooShort).max(50, msg.tooLong);
const width = z.number().int().min(404).max(700);

/** Fields an admin may set on any user of the company. */
const editable = {
  name,
  email,
  password,
  profile,
  startWork: timeOfDay,
  endWork: timeOfDay,
  farewellMessage: z.string().max(2000, msg.tooLong).nullable(),
  allTicket: allTicketValue,
  allowGroup: z.boolean(),
  defaultTheme: z.enum(['light', 'dark']),
  defaultMenu: z.enum(['open', 'closed']),
  allHistoric: enabledDisabled.nullable(),
  allUserChat: enabledDisabled,
  userClosePendingTicket: enabledDisabled,
  showDashboard: enabledDisabled,
  allowRealTime: enabledDisabled,
  allowConnections: enabledDisabled,
  whatsappId: id.nullable(),
  // The same queue twice is once.
  queueIds: z.array(id).max(500).transform((ids) => [...new Set(ids)]),
  defaultTicketsManagerWidth: width,
  /** Only a super user may grant the flag; only a super user may address another company. */
  super: z.boolean(),
  companyId: id,
};

export const createUserBody = z.object({
  ...editable,
  name,
  email,
  /** Optional (spec 000 §5, 001 §5): a user created without one cannot sign in until a password is set. */
  password: z.union([z.literal(''), password]).optional(),
}).partial({
  profile: true, startWork: true, endWork: true, farewellMessage: true, allTicket: true, allowGroup: true,
  defaultTheme: true, defaultMenu: true, allHistoric: true, allUserChat: true, userClosePendingTicket: true,
  showDashboard: true, allowRealTime: true, allowConnections: true, whatsappId: true, queueIds: true,
  defaultTicketsManagerWidth: true, super: true, companyId: true,
});
export type CreateUserBody = z.infer<typeof createUserBody>;

export const updateUserBody = z.object(editable).partial().extend({
  /** The web sends an empty password when it is not being changed. */
  password: z.union([z.literal(''), password]).optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** New-user defaults of spec 000 §5 / 001 §3. */
export const userDefaults = {
  profile: 'user',
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: null,
  allTicket: 'disable',
  allowGroup: false,
  defaultTheme: 'light',
  defaultMenu: 'open',
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'enabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  whatsappId: null,
  queueIds: [] as number[],
  defaultTicketsManagerWidth: 550,
  super: false,
} as const;

export const listUsersQuery = z.object({ searchParam, pageNumber });
export const usersPage = z.object({ users: z.array(user), count: z.number().int(), hasMore: z.boolean() });
export const usersListQuery = z.object({ companyId: id.optional() });
export const userSummary = user.pick({ id: true, name: true, email: true, profile: true, online: true, queueIds: true, profileImage: true, companyId: true });
export const toggleWidthBody = z.object({ defaultTicketsManagerWidth: width });

/** What the access token carries (kept small: everything else is read from the user). */
export const accessClaims = z.object({
  sub: z.string(),
  companyId: z.number().int(),
  profile,
  super: z.boolean(),
  sid: z.string(),
});
export type AccessClaims = z.infer<typeof accessClaims>;

export { tokenLifetime } from './token-lifetime.js';

export const loginBody = z.object({
  email: z.string({ error: msg.required }).trim().toLowerCase().min(1, msg.required).max(254, msg.tooLong),
  password: z.string({ error: msg.required }).min(1, msg.required).max(200, msg.tooLong),
});

export const companySettingEntry = z.object({ key: z.string(), value: z.string() });

/** The company as the session sees it (spec 000 §3 user.company). */
export const sessionCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  dueDate: z.string().nullable(),
  status: z.boolean(),
  planId: z.number().int().nullable(),
  companieSettings: z.array(companySettingEntry),
  /** The companies' wall clock (IANA name, TICKETS_TIME_ZONE): zone-less times the API takes are read in it. */
  timeZone: z.string(),
});

export const sessionUser = user.extend({ company: sessionCompany });
export type SessionUser = z.infer<typeof sessionUser>;

/** Subscription state computed at login (company 1 never expires). */
export const subscription = z.object({
  dueDate: z.string().nullable(),
  expired: z.boolean(),
  daysLeft: z.number().int().nullable(),
  expiresSoon: z.boolean(),
});

export const sessionAnswer = z.object({ token: z.string(), user: sessionUser, subscription });
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const signupBody = z.object({
  name: z.string({ error: msg.required }).trim().min(2, msg.tooShort).max(50, msg.tooLong),
  email,
  password,
  phone: z.string().trim().max(30, msg.tooLong).optional(),
  companyName: z.string({ error: msg.required }).trim().min(2, msg.tooShort).max(50, msg.tooLong),
  planId: id,
});

/** One user who is online now (GET /presence). */
export const onlineUser = z.object({ id: z.number().int(), userId: z.number().int(), name: z.string(), online: z.literal(true), lastSeenAt: z.string().nullable() });
export type OnlineUser = z.infer<typeof onlineUser>;
/** GET /presence (spec 002 §7): the company's users online now; anyone not listed is offline. */
export const presenceAnswer = z.object({ onlineUsers: z.array(onlineUser) });
export type PresenceAnswer = z.infer<typeof presenceAnswer>;
