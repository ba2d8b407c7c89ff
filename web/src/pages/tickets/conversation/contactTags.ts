/**
 * The contact's tags on the ticket screen (spec 000 §5: a tag typed freely has at least 3 characters,
 * else 'Tag muito curta!'; §7: POST /tags with a random colour, then POST /tags/sync). Pure; unit-tested
 * in contactTags.test.ts.
 */
export const TYPED_TAG_MIN = 3;

export type KnownTag = { id: number; name: string };

/**
 * What a change of the tag selector asks for: the ids chosen, the typed names to create first (a name
 * matching a known tag, whatever its case, is that tag), and the typed names refused as too short.
 */
export function tagSelection(values: readonly (number | string)[], known: readonly KnownTag[]): { ids: number[]; create: string[]; tooShort: string[] } {
  const ids: number[] = [];
  const create: string[] = [];
  const tooShort: string[] = [];
  const byName = new Map(known.map((t) => [t.name.trim().toLowerCase(), t.id]));
  for (const value of values) {
    if (typeof value === 'number') {
      if (!ids.includes(value)) ids.push(value);
      continue;
    }
    const name = value.trim().replace(/\s+/g, ' ');
    if (!name) continue;
    const existing = byName.get(name.toLowerCase());
    if (existing !== undefined) {
      if (!ids.includes(existing)) ids.push(existing);
    } else if (name.length < TYPED_TAG_MIN) {
      tooShort.push(name);
    } else if (!create.some((c) => c.toLowerCase() === name.toLowerCase())) {
      create.push(name);
    }
  }
  return { ids, create, tooShort };
}

/** A random colour for a tag typed freely (#RRGGBB). */
export function randomTagColor(random: () => number = Math.random): string {
  return `#${Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')
    .toUpperCase()}`;
}
