import type { FacebookLinkBody, FacebookLoginConfig, WhatsappConnection } from '@atende/kit/contracts';
import { http } from './http';

/**
 * Facebook and Instagram connections (spec 001 §7; channels service): the login button's config and
 * POST /api/facebook with what Facebook's login answered.
 */

export type { FacebookLinkBody, FacebookLoginConfig } from '@atende/kit/contracts';

/** GET /api/facebook/config: appId null when this server has no Facebook app configured. */
export async function getFacebookConfig(): Promise<FacebookLoginConfig> {
  const { data } = await http.get<Partial<FacebookLoginConfig>>('/facebook/config');
  return {
    appId: typeof data?.appId === 'string' && data.appId ? data.appId : null,
    version: typeof data?.version === 'string' ? data.version : 'v9.0',
    scope: typeof data?.scope === 'string' ? data.scope : '',
    instagramScope: typeof data?.instagramScope === 'string' ? data.instagramScope : '',
  };
}

/** POST /api/facebook: the pages (or, with addInstagram, their Instagram accounts) the login granted become connections. */
export async function linkFacebook(body: FacebookLinkBody): Promise<WhatsappConnection[]> {
  const { data } = await http.post<{ connections?: WhatsappConnection[] }>('/facebook', body);
  return Array.isArray(data?.connections) ? data.connections : [];
}
