/**
 * Parsing of the special message bodies (spec 000 §2 'A location card and a contact card are
 * displayed'): vCards of contactMessage and the location of locationMessage. Pure.
 */
export type VCardContact = { name: string; number: string };

/** Unfolds continuation lines (RFC 6350 §3.2) and splits on any line ending. */
function vcardLines(text: string): string[] {
  return text
    .replace(/\r\n|\r/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
}

function unescape(value: string): string {
  return value
    .replace(/\\n/gi, ' ')
    .replace(/\\([,;\\])/g, '$1')
    .trim();
}

/**
 * The contacts of a vCard body (one or more BEGIN:VCARD … END:VCARD blocks): the formatted name (or
 * the structured name) and the number (the WhatsApp id 'waid' when present, else the first TEL digits).
 * Cards without a number are skipped.
 */
export function parseVCards(body: string | null | undefined): VCardContact[] {
  if (!body || !/BEGIN:VCARD/i.test(body)) return [];
  const out: VCardContact[] = [];
  let card: { fn: string; n: string; tel: string } | null = null;
  for (const raw of vcardLines(body)) {
    const line = raw.trim();
    if (/^BEGIN:VCARD$/i.test(line)) {
      card = { fn: '', n: '', tel: '' };
      continue;
    }
    if (!card) continue;
    if (/^END:VCARD$/i.test(line)) {
      const number = card.tel;
      const name = card.fn || card.n || number;
      if (number) out.push({ name, number });
      card = null;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    // Property name may be grouped ('item1.TEL') and carry parameters ('TEL;type=CELL;waid=55…').
    const head = line.slice(0, colon);
    const value = line.slice(colon + 1);
    const [nameWithGroup = '', ...params] = head.split(';');
    const prop = nameWithGroup.split('.').pop()!.toUpperCase();
    if (prop === 'FN' && !card.fn) card.fn = unescape(value);
    else if (prop === 'N' && !card.n) {
      const [family = '', given = '', additional = '', prefix = '', suffix = ''] = value.split(';').map(unescape);
      card.n = [prefix, given, additional, family, suffix].filter(Boolean).join(' ');
    } else if (prop === 'TEL' && !card.tel) {
      const waid = params.map((p) => /^waid=(\d+)$/i.exec(p.trim())?.[1]).find(Boolean);
      card.tel = waid ?? value.replace(/\D/g, '');
    }
  }
  return out;
}

/** Digits only: the number the contacts API stores. */
export const digitsOf = (number: string): string => number.replace(/\D/g, '');

export type LocationInfo = {
  latitude: number | null;
  longitude: number | null;
  /** Where 'open the map' goes. */
  mapUrl: string;
  /** A small map picture carried by the message (data URL or link), when any. */
  thumbnail: string | null;
  /** Name or address of the place, when any. */
  description: string | null;
};

const validLat = (n: number) => Number.isFinite(n) && n >= -90 && n <= 90;
const validLng = (n: number) => Number.isFinite(n) && n >= -180 && n <= 180;

/** A Google Maps link to the coordinates. */
export function mapsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

const COORDS = /(-?\d{1,2}(?:\.\d+)?)\s*(?:,|%2C)\s*(-?\d{1,3}(?:\.\d+)?)/i;

function coordsIn(text: string): [number, number] | null {
  const m = COORDS.exec(text);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return validLat(lat) && validLng(lng) ? [lat, lng] : null;
}

const isUrl = (s: string) => /^https?:\/\//i.test(s);

/**
 * The location of a locationMessage. Accepted bodies: the classic 'thumbnail | maps link | description'
 * (pipe separated; the thumbnail is a data URL), a JSON object {latitude, longitude, name?, address?,
 * url?}, 'geo:lat,lng', 'lat,lng' or any maps link carrying the coordinates. `mediaUrl` (a stored
 * picture) is used as the thumbnail when the body has none. Null when nothing usable is found.
 */
export function parseLocation(body: string | null | undefined, mediaUrl?: string | null): LocationInfo | null {
  const text = (body ?? '').trim();
  if (!text) return null;

  if (text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      const lat = Number(json.latitude ?? json.degreesLatitude ?? json.lat);
      const lng = Number(json.longitude ?? json.degreesLongitude ?? json.lng);
      const url = typeof json.url === 'string' && isUrl(json.url) ? json.url : null;
      const description = [json.name, json.address].filter((v): v is string => typeof v === 'string' && v.trim() !== '').join(' - ') || null;
      const thumb = typeof json.thumbnail === 'string' ? json.thumbnail : (mediaUrl ?? null);
      if (validLat(lat) && validLng(lng)) return { latitude: lat, longitude: lng, mapUrl: url ?? mapsUrl(lat, lng), thumbnail: thumb, description };
      if (url) return { latitude: null, longitude: null, mapUrl: url, thumbnail: thumb, description };
      return null;
    } catch {
      // not JSON: fall through to the text forms
    }
  }

  const parts = text.split('|').map((p) => p.trim());
  let thumbnail: string | null = null;
  let link: string | null = null;
  const rest: string[] = [];
  for (const part of parts) {
    if (!part) continue;
    if (/^data:image\//i.test(part)) thumbnail = part;
    else if (!link && (isUrl(part) || /^geo:/i.test(part))) link = part;
    else rest.push(part);
  }
  const coords = coordsIn(link ?? '') ?? coordsIn(rest.join(' '));
  // The description is what is left once the bare coordinates are taken out.
  const description = rest.filter((r) => !/^(geo:)?\s*-?\d{1,2}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?\s*$/i.test(r)).join(' ') || null;
  const mapUrl = link && isUrl(link) ? link : coords ? mapsUrl(coords[0], coords[1]) : null;
  if (!mapUrl) return null;
  return { latitude: coords?.[0] ?? null, longitude: coords?.[1] ?? null, mapUrl, thumbnail: thumbnail ?? mediaUrl ?? null, description };
}
