import { z } from 'zod';
import { forCompany } from './common.js';
import { whatsappConnection } from './connections.js';

/**
 * Facebook and Instagram connections (spec 001 §2 new-connection menu, §7 POST /facebook): the web
 * logs the user in with Facebook's JS SDK, then hands the user id and token to channels, which
 * turns every page the user granted (or every Instagram business account of those pages) into a
 * connection.
 */

/** Permissions the Facebook login asks for a page's Messenger inbox. */
export const FACEBOOK_LOGIN_SCOPE = ['public_profile', 'pages_messaging', 'pages_show_list', 'pages_manage_metadata', 'pages_read_engagement'] as const;
/** Added for Instagram direct messages. */
export const INSTAGRAM_LOGIN_SCOPE = ['instagram_basic', 'instagram_manage_messages'] as const;
/** Added when the server's FACEBOOK_BUSINESS_SCOPE is TRUE (pages owned through a Business Manager). */
export const BUSINESS_LOGIN_SCOPE = 'business_management';

/** The FB.login scope: the page permissions, Instagram's for an Instagram link, business management when configured. */
export function facebookLoginScope(options: { instagram: boolean; business: boolean }): string {
  return [...FACEBOOK_LOGIN_SCOPE, ...(options.instagram ? INSTAGRAM_LOGIN_SCOPE : []), ...(options.business ? [BUSINESS_LOGIN_SCOPE] : [])].join(',');
}

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')]);

/** POST /api/facebook, issued after the login callback of Facebook's SDK (authResponse.userID and accessToken). */
export const facebookLinkBody = z.object({
  facebookUserId: z.string().trim().min(1).max(100).regex(/^\d+$/, 'Must be the Facebook user id (digits)'),
  facebookUserToken: z.string().trim().min(1).max(4096),
  /** Link the Instagram business accounts of the granted pages instead of the pages' Messenger. */
  addInstagram: flag.optional().default(false),
}).extend(forCompany.shape);
export type FacebookLinkBody = z.input<typeof facebookLinkBody>;

/** The connections created or updated (a page linked again keeps its connection and gets the new token). */
export const facebookLinkAnswer = z.object({ connections: z.array(whatsappConnection) });
export type FacebookLinkAnswer = z.infer<typeof facebookLinkAnswer>;

/** GET /api/facebook/config: what the web's login button needs (appId null: Facebook is not configured on this server). */
export const facebookLoginConfig = z.object({
  appId: z.string().nullable(),
  /** Graph API version the SDK is initialised with (spec 001 §7: 9.0 unless configured). */
  version: z.string(),
  /** FB.login scope of the Facebook item. */
  scope: z.string(),
  /** FB.login scope of the Instagram item. */
  instagramScope: z.string(),
});
export type FacebookLoginConfig = z.infer<typeof facebookLoginConfig>;

/** GET /api/facebook/webhook: Meta's subscription check (hub.mode=subscribe, hub.verify_token, hub.challenge). */
export const facebookWebhookQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});
