import { describe, expect, it } from 'vitest';
import routesSource from '../routes.tsx?raw';
import { CAMPAIGN_FLAG_KEY, CAMPAIGN_ROUTE_PATHS, campaignAreaShown, markCampaignArea, registeredRoutes } from './campaignFlag';

/** A Storage stand-in (the web tests run without a DOM). */
function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, String(value)),
    removeItem: (key: string) => void values.delete(key),
    keys: () => [...values.keys()],
  };
}

const CAMPAIGN_PATHS = ['/contact-lists', '/contact-lists/:contactListId/contacts', '/campaigns', '/campaign/:campaignId/report'];
/** Paths of routes.tsx's private table (the table itself imports antd, which these DOM-less tests cannot load). */
const TABLE = [
  '/',
  '/tickets/:ticketId?',
  '/contacts',
  '/schedules',
  '/campaigns',
  '/campaign/:campaignId/report',
  '/campaigns-config',
  '/contact-lists',
  '/contact-lists/:contactListId/contacts',
  '/prompts',
].map((path) => ({ path }));
const privateRouteTable = (withCampaigns: boolean) => registeredRoutes(TABLE, withCampaigns);
/** The paths routes.tsx registers, read from its source. */
const declaredPaths = [...routesSource.matchAll(/\{ path: '([^']+)'/g)].map((m) => m[1]);

describe('the cshow flag and the campaign routes (spec 000 §2)', () => {
  it('is absent until a sign-in marks it, and stays present', () => {
    const storage = memoryStorage({ token: 'x' });
    expect(campaignAreaShown(storage)).toBe(false);
    markCampaignArea(storage);
    expect(storage.keys()).toContain(CAMPAIGN_FLAG_KEY);
    expect(campaignAreaShown(storage)).toBe(true);
    markCampaignArea(storage);
    expect(campaignAreaShown(storage)).toBe(true);
  });

  it('counts any value as present, and no storage as absent', () => {
    expect(campaignAreaShown(memoryStorage({ cshow: '' }))).toBe(true);
    expect(campaignAreaShown(memoryStorage({ cshow: 'null' }))).toBe(true);
    expect(campaignAreaShown(null)).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => markCampaignArea(broken)).not.toThrow();
    expect(campaignAreaShown(broken)).toBe(false);
  });

  it('names the four campaign routes exactly as routes.tsx declares them (spec 000 §2)', () => {
    expect([...CAMPAIGN_ROUTE_PATHS].sort()).toEqual([...CAMPAIGN_PATHS].sort());
    for (const path of CAMPAIGN_PATHS) expect(declaredPaths).toContain(path);
    expect(routesSource).toContain('registeredRoutes(privateRoutes, campaignAreaShown())');
  });

  it('registers the four campaign routes only while the flag is present; the other screens always', () => {
    const without = privateRouteTable(false).map((r) => r.path);
    const withFlag = privateRouteTable(true).map((r) => r.path);
    for (const path of CAMPAIGN_PATHS) {
      expect(without).not.toContain(path);
      expect(withFlag).toContain(path);
    }
    for (const path of ['/', '/tickets/:ticketId?', '/contacts', '/schedules', '/campaigns-config']) {
      expect(without).toContain(path);
      expect(withFlag).toContain(path);
    }
    expect(withFlag.length - without.length).toBe(CAMPAIGN_PATHS.length);
  });

  it('follows the flag when the table is read again (right after a sign-in, without a reload)', () => {
    const storage = memoryStorage();
    expect(privateRouteTable(campaignAreaShown(storage)).map((r) => r.path)).not.toContain('/campaigns');
    markCampaignArea(storage);
    expect(privateRouteTable(campaignAreaShown(storage)).map((r) => r.path)).toContain('/campaigns');
  });
});
