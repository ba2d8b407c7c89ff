/**
 * The local flag 'cshow' of the original product (spec 000 §2, 001 §9, 002 §2): the campaign routes exist only
 * while it is present. Every sign-in sets it (a login, or a session restored at start); a logout leaves it, as
 * the original did. Only its presence counts: the value is the one the original stored (setItem('cshow', null)).
 */
export const CAMPAIGN_FLAG_KEY = 'cshow';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): FlagStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** At sign-in: the campaign area is shown from now on. */
export function markCampaignArea(storage: FlagStorage | null = browserStorage()): void {
  try {
    storage?.setItem(CAMPAIGN_FLAG_KEY, 'null');
  } catch {
    // no storage (privacy mode): the campaign routes stay away
  }
}

/** Whether the campaign routes are registered: the flag is present (read each time the route table renders). */
export function campaignAreaShown(storage: FlagStorage | null = browserStorage()): boolean {
  try {
    return storage?.getItem(CAMPAIGN_FLAG_KEY) != null;
  } catch {
    return false;
  }
}

/** The campaign routes of spec 000 §2 that depend on the flag (the campaign settings screen does not). */
export const CAMPAIGN_ROUTE_PATHS: readonly string[] = [
  '/contact-lists',
  '/contact-lists/:contactListId/contacts',
  '/campaigns',
  '/campaign/:campaignId/report',
];

/** The private routes as registered: without the campaign routes while the flag is absent. */
export function registeredRoutes<T extends { path: string }>(routes: readonly T[], campaignArea: boolean): readonly T[] {
  return campaignArea ? routes : routes.filter((r) => !CAMPAIGN_ROUTE_PATHS.includes(r.path));
}
