import { AppError, sniffType, type AuthUser, type ServiceContext, type SettingKey } from '@atende/kit';
import { MAIN_COMPANY_ID } from './setting-rules.js';
import type { Settings } from './settings.js';

/** Which whitelabel setting an upload fills (spec 001 §7: logo with mode Light, Dark or Favicon; login with Enter or Register). */
export const whitelabelSlots = {
  logo: { Light: 'appLogoLight', Dark: 'appLogoDark', Favicon: 'appLogoFavicon' },
  login: { Enter: 'loginEnterImage', Register: 'loginRegisterImage' },
} as const satisfies Record<string, Record<string, SettingKey>>;
export type WhitelabelKind = keyof typeof whitelabelSlots;

/** Raster images only: an SVG could carry script, and these files are served to anyone without a session. */
const WHITELABEL_IMAGES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/x-icon'] as const;
const AREA = 'whitelabel';
/** A stored whitelabel file's public name: the storage's own generated name, nothing a client chose. */
export const WHITELABEL_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif|ico)$/;

const storageKey = (name: string) => `company${MAIN_COMPANY_ID}/${AREA}/${name}`;

/** Whitelabel images: the super user uploads them, the login page and the shell show them (served at /public/<name>). */
export function createWhitelabel(deps: { ctx: ServiceContext; settings: Settings }) {
  const { ctx, settings } = deps;
  return {
    /** Stores the image, points its setting at it (announced like any setting) and answers the stored file name. */
    async upload(actor: AuthUser, kind: WhitelabelKind, mode: string | undefined, data: Buffer): Promise<string> {
      const slots: Record<string, SettingKey> = whitelabelSlots[kind];
      const key = mode ? slots[mode] : undefined;
      if (!key) {
        const message = `must be one of ${Object.keys(slots).join(', ')}`;
        throw new AppError('ERR_VALIDATION', `mode ${message}`, { fields: [{ field: 'mode', message }] });
      }
      const type = await sniffType(data, WHITELABEL_IMAGES);
      const stored = await ctx.storage.save(MAIN_COMPANY_ID, AREA, data, type);
      const name = stored.key.slice(stored.key.lastIndexOf('/') + 1);
      const previous = (await settings.get(actor, key)).value;
      try {
        await settings.update(actor, key, name);
      } catch (err) {
        await ctx.storage.remove(stored.key).catch(() => undefined);
        throw err;
      }
      if (WHITELABEL_FILE.test(previous)) await ctx.storage.remove(storageKey(previous)).catch(() => undefined);
      return name;
    },
    /** GET /public/<name>: a stored whitelabel image, or null. */
    open: (name: string) => (WHITELABEL_FILE.test(name) ? ctx.storage.open(storageKey(name)) : Promise.resolve(null)),
  };
}

export type Whitelabel = ReturnType<typeof createWhitelabel>;
