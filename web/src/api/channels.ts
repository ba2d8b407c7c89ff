import axios from 'axios';
import type { Connection, NewConnectionBody, UpdateConnectionBody, WhatsappConnection } from '@atende/kit/contracts';
import { http } from './http';

/**
 * Calls served by the channels service (endpoints.md 'channels'; spec 000 §7): the company's
 * connections and the text corrector. That service is deployed separately: callers treat its
 * absence (404, network error) as described at each use.
 */

/** A connection as the pickers and filters use it. */
export type ConnectionOption = Pick<Connection, 'id' | 'name' | 'channel' | 'status' | 'isDefault'>;

/** GET /api/whatsapp/?session=0: the company's connections (without their session data). */
export async function listConnections(): Promise<ConnectionOption[]> {
  const { data } = await http.get<ConnectionOption[]>('/whatsapp/', { params: { session: 0 } });
  return Array.isArray(data) ? data : [];
}

/** POST /api/text-corrector: the text corrected by the company's AI model (setting useTextCorrector). */
export async function correctText(text: string): Promise<{ correctedText?: string | null }> {
  const { data } = await http.post<{ correctedText?: string | null }>('/text-corrector', { text });
  return data && typeof data === 'object' ? data : {};
}

/** POST /api/message/transcribeAudio: the text of a received audio message (by its channel id), kept on the message. */
export async function transcribeAudio(wid: string): Promise<{ transcription?: string | null }> {
  const { data } = await http.post<{ transcription?: string | null }>('/message/transcribeAudio', { wid });
  return data && typeof data === 'object' ? data : {};
}

/* ---- The connections screens (spec 001 §2 Connections, QR dialog, editor, all connections, messages API) ---- */

export type { ConnectionBody, SessionStatus, SessionUpdate, UpdateConnectionBody, WhatsappConnection } from '@atende/kit/contracts';

/** Per company counts of the super user's all-connections page (kit connectionCounts). */
export type ConnectionCounts = { companyId: number; companyName: string; connected: number; disconnected: number; total: number };

const asList = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

/** GET /api/whatsapp/?session=0: the company's connections with their session state, for the connections table. */
export async function listCompanyConnections(): Promise<WhatsappConnection[]> {
  const { data } = await http.get<unknown>('/whatsapp/', { params: { session: 0 } });
  return asList<WhatsappConnection>(data);
}

/** GET /api/whatsapp/{id}?session=0: one connection with its token and QR code text (admins). */
export async function getConnection(id: number): Promise<WhatsappConnection> {
  const { data } = await http.get<WhatsappConnection>(`/whatsapp/${id}`, { params: { session: 0 } });
  return data;
}

/** POST /api/whatsapp; a super user's `companyId` adds it to that company (all-connections dialog). */
export async function createConnection(body: NewConnectionBody): Promise<WhatsappConnection> {
  const { data } = await http.post<WhatsappConnection>('/whatsapp', body);
  return data;
}

export async function updateConnection(id: number, body: UpdateConnectionBody): Promise<WhatsappConnection> {
  const { data } = await http.put<WhatsappConnection>(`/whatsapp/${id}`, body);
  return data;
}

export async function deleteConnection(id: number): Promise<void> {
  await http.delete(`/whatsapp/${id}`);
}

/** GET /api/whatsapp/all/counts (super users): per company connection counts, every company included. */
export async function listConnectionCounts(): Promise<ConnectionCounts[]> {
  const { data } = await http.get<unknown>('/whatsapp/all/counts');
  return asList<ConnectionCounts>(data);
}

/** GET /api/whatsapp-admin/{companyId}?session=0 (super users): one company's connections. */
export async function listConnectionsOfCompany(companyId: number): Promise<WhatsappConnection[]> {
  const { data } = await http.get<unknown>(`/whatsapp-admin/${companyId}`, { params: { session: 0 } });
  return asList<WhatsappConnection>(data);
}

/** POST /api/whatsapp-restart/: restarts every session of the company. */
export async function restartAllConnections(): Promise<void> {
  await http.post('/whatsapp-restart/');
}

/** POST /api/whatsappsession/{id}: try again (a disconnected session starts again). */
export async function retrySession(id: number): Promise<void> {
  await http.post(`/whatsappsession/${id}`);
}

/** PUT /api/whatsappsession/{id}: a new QR code (the stored credentials are dropped). */
export async function requestNewQrCode(id: number): Promise<void> {
  await http.put(`/whatsappsession/${id}`);
}

/** POST /api/closedimported/{id}: closes the tickets the connection's history import created; answers how many. */
export async function closeImportedTickets(id: number): Promise<{ closed: number }> {
  return (await http.post<{ closed: number }>(`/closedimported/${id}`)).data;
}

/** DELETE /api/whatsappsession/{id}: disconnects the session. */
export async function disconnectSession(id: number): Promise<void> {
  await http.delete(`/whatsappsession/${id}`);
}

/** POST /api/whatsapp/{id}/media-upload (multipart `file`): the greeting's image or video. */
export async function uploadGreetingMedia(id: number, file: File): Promise<WhatsappConnection | null> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await http.post<WhatsappConnection | null>(`/whatsapp/${id}/media-upload`, form);
  return data && typeof data === 'object' ? data : null;
}

/** DELETE /api/whatsapp/{id}/media-upload: removes the greeting's media. */
export async function removeGreetingMedia(id: number): Promise<void> {
  await http.delete(`/whatsapp/${id}/media-upload`);
}

/** The messages API's JSON fields (spec 001 §3 "Messages API send"). */
export type ApiMessage = { number: string; body: string; userId?: number | null; queueId?: number | null; sendSignature?: boolean; closeTicket?: boolean };
export type ApiAnswer = { status: number; data: unknown };

/**
 * POST /api/messages/send as an integrator calls it: the connection's token as bearer, never the
 * signed-in user's session (hence axios itself, not `http`, whose interceptors add the user's token
 * and send a 401 to the login page). JSON, or multipart with `medias` when a file is given. Any
 * answer, success or error, is returned for the page to show.
 */
export async function sendApiMessage(token: string, message: ApiMessage, file?: File | null): Promise<ApiAnswer> {
  let payload: ApiMessage | FormData = message;
  if (file) {
    const form = new FormData();
    for (const [key, value] of Object.entries(message)) if (value !== undefined && value !== null) form.append(key, String(value));
    form.append('medias', file);
    payload = form;
  }
  const response = await axios.post<unknown>('/api/messages/send', payload, {
    headers: { Authorization: `Bearer ${token}` },
    validateStatus: () => true,
  });
  return { status: response.status, data: response.data };
}
