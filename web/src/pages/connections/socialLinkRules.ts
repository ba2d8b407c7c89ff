import type { Channel, FacebookLoginConfig } from '@atende/kit/contracts';

/**
 * Pure rules of the new-connection menu and the Facebook login (spec 001 §2, §6, §7). Unit-tested in
 * socialLinkRules.test.ts.
 */

export type MenuChannel = Extract<Channel, 'whatsapp' | 'facebook' | 'instagram'>;
export type PlanFlags = Partial<Record<'useWhatsapp' | 'useFacebook' | 'useInstagram', boolean>>;

/** Why an item of the menu is off: the plan lacks the channel, or this server has no Facebook app. */
export type MenuItemState = { channel: MenuChannel; disabled: boolean; reason: 'plan' | 'notConfigured' | null };

const FLAGS: Record<MenuChannel, keyof PlanFlags> = { whatsapp: 'useWhatsapp', facebook: 'useFacebook', instagram: 'useInstagram' };

/** Channels linked through Facebook's login (Meta's Graph API) instead of a QR code. */
export const isSocialChannel = (channel: string): channel is 'facebook' | 'instagram' => channel === 'facebook' || channel === 'instagram';

/**
 * The items WhatsApp, Facebook and Instagram: each off without its plan flag; Facebook and Instagram
 * also off while the login config is unknown (`config` undefined: loading) or has no app id.
 */
export function newConnectionMenu(plan: PlanFlags | null | undefined, config: Pick<FacebookLoginConfig, 'appId'> | null | undefined): MenuItemState[] {
  return (['whatsapp', 'facebook', 'instagram'] as const).map((channel) => {
    if (!plan?.[FLAGS[channel]]) return { channel, disabled: true, reason: 'plan' };
    if (isSocialChannel(channel) && !config?.appId) return { channel, disabled: true, reason: config === undefined ? null : 'notConfigured' };
    return { channel, disabled: false, reason: null };
  });
}

/** The locale of Facebook's SDK file for the interface language (connect.facebook.net/<locale>/sdk.js). */
export function sdkLocale(language: string | undefined): string {
  const lang = (language ?? '').toLowerCase();
  if (lang.startsWith('pt')) return 'pt_BR';
  if (lang.startsWith('es')) return 'es_LA';
  if (lang.startsWith('tr')) return 'tr_TR';
  return 'en_US';
}

/** The SDK's address for a locale. */
export const sdkUrl = (locale: string): string => `https://connect.facebook.net/${locale}/sdk.js`;

/** What FB.login is asked for: the Facebook item's scope, or the Instagram item's. */
export function loginOptions(config: FacebookLoginConfig, channel: 'facebook' | 'instagram'): { scope: string; return_scopes: true } {
  return { scope: channel === 'instagram' ? config.instagramScope : config.scope, return_scopes: true };
}

/** FB.login's answer: the user id and token to hand to POST /api/facebook, or null when the person closed the dialog. */
export function loginResult(response: { status?: string; authResponse?: { userID?: unknown; accessToken?: unknown } | null } | null | undefined) {
  const auth = response?.authResponse;
  if (response?.status !== 'connected' || !auth || typeof auth.userID !== 'string' || typeof auth.accessToken !== 'string') return null;
  return { facebookUserId: auth.userID, facebookUserToken: auth.accessToken };
}
