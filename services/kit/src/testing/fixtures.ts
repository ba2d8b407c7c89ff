import { deflateSync } from 'node:zlib';
import type { Connection } from '../contracts/channels.js';
import type { User } from '../contracts/users.js';

/** The first page of an Ogg Opus stream (a voice note as WhatsApp and browsers record it): its OpusHead, mono, 48 kHz. */
export function oggOpus(): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // channels
  head.writeUInt16LE(312, 10); // pre-skip
  head.writeUInt32LE(48_000, 12); // input sample rate
  const page = Buffer.alloc(27 + 1);
  page.write('OggS', 0, 'latin1');
  page[5] = 2; // beginning of stream
  page.writeUInt32LE(0x41544e44, 14); // stream serial
  page[26] = 1; // one segment
  page[27] = head.length;
  return Buffer.concat([page, head, Buffer.alloc(64)]);
}

/** A valid 1×1 PNG. */
export function png(): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const byte of buf) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))), chunk('IEND', Buffer.alloc(0))]);
}

/** A multipart/form-data body: its bytes and content type. */
/** `fields` as pairs keeps their order and allows a field more than once. */
export async function multipartBody(parts: {
  files?: { field: string; name: string; data: Buffer; type?: string }[];
  fields?: Record<string, string> | [string, string][];
}): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [k, v] of Array.isArray(parts.fields) ? parts.fields : Object.entries(parts.fields ?? {})) form.append(k, v);
  for (const f of parts.files ?? []) form.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

/** A user as auth announces it, with the spec's defaults for a new user; `fields` override. */
export function makeUser(fields: Partial<User> & { id: number; companyId: number }): User {
  const now = new Date().toISOString();
  return {
    name: `User ${fields.id}`,
    email: `user${fields.id}@example.com`,
    profile: 'user',
    super: false,
    online: false,
    status: fields.online ? 'online' : 'offline',
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
    queueIds: [],
    profileImage: null,
    defaultTicketsManagerWidth: 550,
    lastSeenAt: null,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}

/** A channels connection as the channels service announces it (WhatsApp, connected, no queues); `fields` override. */
export function makeConnection(fields: Partial<Connection> & { id: number; companyId: number }): Connection {
  return {
    name: 'Principal', channel: 'whatsapp', status: 'CONNECTED', number: '5511900000000', isDefault: true, groupAsTicket: 'disabled',
    greetingMessage: '', complationMessage: '', outOfHoursMessage: '', timeCreateNewTicket: 0,
    maxUseBotQueues: 3, timeUseBotQueues: 0, ratingMessage: '', maxUseBotQueuesNPS: 3, expiresTicketNPS: 0, queueIds: [],
    schedules: [], collectiveVacationMessage: '', collectiveVacationStart: null, collectiveVacationEnd: null,
    sendIdQueue: null, timeSendQueue: 0, expiresTicket: 0, whenExpiresTicket: '0', expiresInactiveMessage: '',
    timeInactiveMessage: 0, inactiveMessage: '', greetingMediaKey: null, greetingMediaName: null,
    ...fields,
  };
}

/** One day of working hours as the schedule editors send it (08–12 and 13–18 unless `shifts` says otherwise). */
export function workingDay(weekdayEn: string, shifts: Partial<Record<'startTimeA' | 'endTimeA' | 'startTimeB' | 'endTimeB', string>> = {}) {
  return { weekday: weekdayEn, weekdayEn, startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00', ...shifts };
}
