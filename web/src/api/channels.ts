import type { Connection } from '@atende/kit/contracts';
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
