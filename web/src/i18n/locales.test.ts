import { describe, expect, it } from 'vitest';
import { buildResources, flattenKeys } from './resources';

/** Every locale file, whoever's area it belongs to. */
const resources = buildResources(import.meta.glob('../locales/*/*.json', { eager: true }));
const LANGUAGES = ['pt-BR', 'en', 'es'] as const;

describe('locales', () => {
  it('has the three languages', () => {
    for (const lang of LANGUAGES) expect(Object.keys(resources)).toContain(lang);
  });

  const namespaces = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))].sort();

  it.each(namespaces)('namespace %s exists in every language with the same keys', (ns) => {
    const problems: string[] = [];
    const keySets = Object.fromEntries(LANGUAGES.map((lang) => [lang, resources[lang]?.[ns] ? new Set(flattenKeys(resources[lang][ns])) : null]));
    const all = new Set(Object.values(keySets).flatMap((set) => (set ? [...set] : [])));
    for (const lang of LANGUAGES) {
      const keys = keySets[lang];
      if (!keys) {
        problems.push(`${lang}/${ns}.json is missing`);
        continue;
      }
      const missing = [...all].filter((k) => !keys.has(k)).sort();
      if (missing.length) problems.push(`${lang}/${ns}.json lacks: ${missing.join(', ')}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it.each(namespaces)('namespace %s has no empty texts', (ns) => {
    const empty: string[] = [];
    for (const lang of LANGUAGES) {
      const walk = (value: unknown, path: string) => {
        if (typeof value === 'string') {
          if (!value.trim()) empty.push(`${lang}/${ns}:${path}`);
        } else if (value && typeof value === 'object') {
          for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
        }
      };
      walk(resources[lang]?.[ns], '');
    }
    expect(empty, empty.join('\n')).toEqual([]);
  });
});
