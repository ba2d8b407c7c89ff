const CODE = /^[A-Za-z0-9_-]{6,20}$/;

/**
 * The YouTube video code of a help entry. Entries hold the code itself, but a pasted link
 * (watch?v=, youtu.be/, /embed/, /shorts/) is understood too.
 */
export function youtubeCode(video: string | null | undefined): string | null {
  const raw = (video ?? '').trim();
  if (!raw) return null;
  if (CODE.test(raw)) return raw;
  let url: URL;
  try {
    url = new URL(raw.includes('://') ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let candidate: string | null = null;
  if (host === 'youtu.be') candidate = url.pathname.split('/')[1] ?? null;
  else if (host.endsWith('youtube.com') || host.endsWith('youtube-nocookie.com')) {
    const v = url.searchParams.get('v');
    if (v) candidate = v;
    else {
      const [, kind, code] = url.pathname.split('/');
      if (kind === 'embed' || kind === 'shorts' || kind === 'v' || kind === 'live') candidate = code ?? null;
    }
  }
  return candidate && CODE.test(candidate) ? candidate : null;
}

export const youtubeThumbnail = (code: string): string => `https://img.youtube.com/vi/${encodeURIComponent(code)}/mqdefault.jpg`;

export const youtubeEmbed = (code: string): string => `https://www.youtube.com/embed/${encodeURIComponent(code)}?autoplay=1`;
