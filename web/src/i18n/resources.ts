/** Builds i18next resources from `{ '../locales/<lang>/<namespace>.json': module }` (pure, testable). */
export type LocaleModules = Record<string, unknown>;
export type Resources = Record<string, Record<string, Record<string, unknown>>>;

export function buildResources(modules: LocaleModules): Resources {
  const resources: Resources = {};
  for (const [path, mod] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, ns] = match as unknown as [string, string, string];
    const data = (mod && typeof mod === 'object' && 'default' in mod ? (mod as { default: unknown }).default : mod) as Record<string, unknown>;
    (resources[lang] ??= {})[ns] = data;
  }
  return resources;
}

/** Every leaf key of a nested translation object, dotted ('menu.users'). */
export function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return prefix ? [prefix] : [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key));
}
