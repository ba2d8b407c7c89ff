/**
 * Room names are built on the server from the socket's own token, so a socket can only ever be in
 * rooms of its own company, whatever it asks for.
 */
export const rooms = {
  company: (companyId: number) => `company:${companyId}`,
  admins: (companyId: number) => `company:${companyId}:admins`,
  user: (companyId: number, userId: number) => `company:${companyId}:user:${userId}`,
  notification: (companyId: number) => `company:${companyId}:notification`,
  status: (companyId: number, status: string) => `company:${companyId}:status:${status}`,
  ticket: (companyId: number, ticketId: string | number) => `company:${companyId}:ticket:${ticketId}`,
  chat: (companyId: number, chatId: string | number) => `company:${companyId}:chat:${chatId}`,
  super: () => 'super',
};

/** What a client may name when it asks to join a room: a short token, nothing that could escape the prefix. */
export const ROOM_ARGUMENT = /^[A-Za-z0-9_-]{1,64}$/;
