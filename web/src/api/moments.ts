import type { Ticket } from '@atende/kit/contracts';
import { http } from './http';

/** The filters of GET /api/dashboard/moments (kit's dashboardMomentsQuery); the server's default period is the last 30 days. */
export type MomentsParams = {
  status?: Ticket['status'];
  /** Every attendant's tickets, for users who may see them all (admins, allUserChat); otherwise the server narrows to their own and pending ones. */
  showAll?: boolean;
  queueIds?: number[];
  /** YYYY-MM-DD or a full ISO time. */
  dateStart?: string;
  dateEnd?: string;
  userId?: number;
};

/**
 * GET /api/dashboard/moments (spec 002 §7): the real-time panel's tickets, with their contact, user
 * and queue. 403 ERR_NO_PERMISSION for a profile user without allowRealTime.
 */
export async function listMoments(p: MomentsParams = {}, signal?: AbortSignal): Promise<Ticket[]> {
  const params: Record<string, string | number | boolean> = {};
  if (p.status) params.status = p.status;
  if (p.showAll !== undefined) params.showAll = p.showAll;
  // queueIds as JSON text of a list, as the other list filters send it.
  if (p.queueIds?.length) params.queueIds = JSON.stringify(p.queueIds);
  if (p.dateStart) params.dateStart = p.dateStart;
  if (p.dateEnd) params.dateEnd = p.dateEnd;
  if (p.userId) params.userId = p.userId;
  const { data } = await http.get<Ticket[]>('/dashboard/moments', { params, signal });
  return Array.isArray(data) ? data : [];
}
