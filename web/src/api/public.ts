import axios from 'axios';
import type { PublicSettingKey } from '@atende/kit/contracts';

/**
 * The second client of spec 000 §7: no token, no interceptors. Public reads (settings, plans,
 * version) and the refresh call itself go through it.
 */
export const publicHttp = axios.create({ baseURL: '/api', withCredentials: true });

/** GET /api/public-settings/:key: the value as text ('' when the answer is not a string). */
export async function getPublicSetting(key: PublicSettingKey): Promise<string> {
  const { data } = await publicHttp.get<unknown>(`/public-settings/${encodeURIComponent(key)}`);
  if (typeof data === 'string') return data;
  if (data && typeof data === 'object' && 'value' in data && typeof (data as { value: unknown }).value === 'string') {
    return (data as { value: string }).value;
  }
  return '';
}

/** GET /api/version. */
export async function getVersion(): Promise<string> {
  const { data } = await publicHttp.get<{ version?: unknown }>('/version');
  return typeof data?.version === 'string' ? data.version : '';
}
