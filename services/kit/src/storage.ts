import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import CFB from 'cfb';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './errors.js';

const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
const videoTypes = ['video/mp4', 'video/webm', 'video/quicktime', 'video/3gpp'] as const;

/** Media kinds accepted by content (never by the file name or the declared type). */
export const mediaWhitelists = {
  image: imageTypes,
  spreadsheet: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel'],
  /** A connection's greeting attachment: an image or a video. */
  greeting: [...imageTypes, ...videoTypes],
  /** Attachments of a conversation: images, audio, video, PDF, office documents, zip and plain text. */
  message: [
    ...imageTypes,
    'audio/ogg', 'audio/opus', 'audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/aac', 'audio/wav', 'audio/webm', 'audio/amr',
    ...videoTypes,
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet', 'application/vnd.oasis.opendocument.presentation',
    'application/x-cfb', 'application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint',
    'application/zip',
    'text/plain',
  ],
} as const;

export type StoredFile = { key: string; mime: string; size: number };
/** What a company's folder holds: its files and their bytes. */
export type FolderUsage = { bytes: number; files: number };

/**
 * Where uploads live. Keys are generated (`company<id>/<area>/<uuid>.<ext>`), so a company's files
 * sit under its own prefix and a client never chooses a path. Local disk in standalone.
 */
export interface Storage {
  save(companyId: number, area: string, data: Buffer, type: { mime: string; ext: string }): Promise<StoredFile>;
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /** Every file under the company's own folder, counted (none yet: zero). */
  usage(companyId: number): Promise<FolderUsage>;
  /** The company's whole folder and everything in it (a deleted company); nothing there: nothing to do. */
  removeCompany(companyId: number): Promise<void>;
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new AppError('ERR_NOT_FOUND', 'No such file');
    return full;
  }

  async save(companyId: number, area: string, data: Buffer, type: { mime: string; ext: string }): Promise<StoredFile> {
    const key = `company${companyId}/${area.replace(/[^a-z0-9-]/gi, '')}/${randomUUID()}.${type.ext}`;
    const full = this.resolve(key);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, data, { mode: 0o640 });
    return { key, mime: type.mime, size: data.length };
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    try {
      const full = this.resolve(key);
      const info = await stat(full);
      return { stream: createReadStream(full), size: info.size };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  async usage(companyId: number): Promise<FolderUsage> {
    const total: FolderUsage = { bytes: 0, files: 0 };
    const walk = async (dir: string): Promise<void> => {
      // A folder (or a file) removed while it is counted is simply not counted.
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.isFile()) {
          const info = await stat(full).catch(() => null);
          if (info) {
            total.bytes += info.size;
            total.files += 1;
          }
        }
      }
    };
    await walk(this.resolve(`company${companyId}`));
    return total;
  }

  async removeCompany(companyId: number): Promise<void> {
    if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new AppError('ERR_NOT_FOUND', 'No such company folder');
    // Retried: a file written into the folder while it is removed would otherwise fail it (ENOTEMPTY).
    await rm(this.resolve(`company${companyId}`), { recursive: true, force: true, maxRetries: 3 });
  }
}

/** Text has no magic number: valid UTF-8 without control bytes other than tab, newline, carriage return and form feed. */
export function looksLikeText(data: Buffer): boolean {
  if (data.length === 0) return false;
  const sample = data.subarray(0, 64 * 1024);
  for (const byte of sample) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.length < data.length ? sample.subarray(0, Math.max(0, sample.length - 4)) : sample);
    return true;
  } catch {
    return false;
  }
}

/**
 * What an OLE compound file holds, by its streams: .xls, .doc and .ppt share the same container bytes
 * (application/x-cfb), so a whitelist of spreadsheets would otherwise admit a Word document too.
 */
function compoundDocument(data: Buffer): { mime: string; ext: string } | null {
  try {
    const container = CFB.read(data, { type: 'buffer' });
    if (CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book')) return { mime: 'application/vnd.ms-excel', ext: 'xls' };
    if (CFB.find(container, 'WordDocument')) return { mime: 'application/msword', ext: 'doc' };
    if (CFB.find(container, 'PowerPoint Document')) return { mime: 'application/vnd.ms-powerpoint', ext: 'ppt' };
  } catch {
    return null;
  }
  return null;
}

/** Check an upload by its bytes against a whitelist; 415 otherwise. 'text/plain' in the list admits plain text. */
export async function sniffType(data: Buffer, allowed: readonly string[]): Promise<{ mime: string; ext: string }> {
  const sniffed = await fileTypeFromBuffer(data);
  const detected = sniffed?.mime === 'application/x-cfb' ? (compoundDocument(data) ?? sniffed) : sniffed;
  if (!detected && allowed.includes('text/plain') && looksLikeText(data)) return { mime: 'text/plain', ext: 'txt' };
  // Parameters do not change the kind: an Opus voice note is 'audio/ogg; codecs=opus' (kept whole: channels send it as is).
  if (!detected || !allowed.includes(detected.mime.split(';')[0]!.trim())) {
    throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', `File type not allowed (${detected?.mime ?? 'unknown'})`);
  }
  return { mime: detected.mime, ext: detected.ext };
}

/**
 * Signed media links: `<base>/<key>?exp=<unix>&sig=<hmac>`. Only answers of a company's own
 * authenticated API calls carry them, they expire, and the key names the company's own folder.
 */
export class MediaSigner {
  constructor(private readonly secret: string, private readonly ttlSeconds = 24 * 3600) {}

  private sign(key: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${exp}`).digest('base64url');
  }

  url(base: string, key: string): string {
    // Rounded expiry keeps the same URL for an hour, so browsers can cache the image.
    const exp = Math.ceil((Date.now() / 1000 + this.ttlSeconds) / 3600) * 3600;
    return `${base}/${key}?exp=${exp}&sig=${this.sign(key, exp)}`;
  }

  verify(key: string, exp: unknown, sig: unknown): boolean {
    const expiry = Number(exp);
    if (!Number.isInteger(expiry) || expiry < Date.now() / 1000 || typeof sig !== 'string') return false;
    const expected = Buffer.from(this.sign(key, expiry));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
