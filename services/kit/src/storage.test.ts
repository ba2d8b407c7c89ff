import { readFileSync } from 'node:fs';
import CFB from 'cfb';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage, mediaWhitelists, sniffType } from './storage.js';
import { oggOpus } from './testing/fixtures.js';

const png = { mime: 'image/png', ext: 'png' };

describe('LocalStorage', () => {
  let root: string;
  let storage: LocalStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'atende-storage-'));
    storage = new LocalStorage(root);
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it("keeps each company's files under its own folder", async () => {
    const file = await storage.save(7, 'messages', Buffer.from('abc'), png);
    expect(file.key).toMatch(/^company7\/messages\/[0-9a-f-]+\.png$/);
    const opened = await storage.open(file.key);
    expect(opened?.size).toBe(3);
    await storage.remove(file.key);
    expect(await storage.open(file.key)).toBeNull();
  });

  it("counts a company's files and bytes in every area, and only that company's", async () => {
    await storage.save(7, 'messages', Buffer.alloc(1000), png);
    await storage.save(7, 'quick-messages', Buffer.alloc(24), png);
    await storage.save(8, 'messages', Buffer.alloc(5000), png);
    expect(await storage.usage(7)).toEqual({ bytes: 1024, files: 2 });
    expect(await storage.usage(8)).toEqual({ bytes: 5000, files: 1 });
    expect(await storage.usage(9)).toEqual({ bytes: 0, files: 0 });
  });

  it("removes a company's whole folder and only that company's (company 7, not 70)", async () => {
    const kept = await storage.save(70, 'messages', Buffer.from('keep'), png);
    await storage.save(7, 'messages', Buffer.alloc(10), png);
    await storage.save(7, 'connections', Buffer.alloc(20), png);
    await storage.removeCompany(7);
    expect(await storage.usage(7)).toEqual({ bytes: 0, files: 0 });
    await expect(stat(path.join(root, 'company7'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await storage.open(kept.key))?.size).toBe(4);
    // Again, or for a company that never stored anything: nothing to do.
    await storage.removeCompany(7);
    await storage.removeCompany(9);
  });

  it('never resolves a key outside its root', async () => {
    await expect(storage.remove('../outside.txt')).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
  });
});

describe('sniffType of voice notes', () => {
  it("accepts Ogg Opus (reported as 'audio/ogg; codecs=opus') where audio/ogg is allowed, keeping the codec", async () => {
    expect(await sniffType(oggOpus(), mediaWhitelists.message)).toEqual({ mime: 'audio/ogg; codecs=opus', ext: 'opus' });
    await expect(sniffType(oggOpus(), mediaWhitelists.image)).rejects.toMatchObject({ code: 'ERR_UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('sniffType of Office 97–2003 files (one container format for .xls, .doc and .ppt)', () => {
  const compound = (stream: string) => {
    const container = CFB.utils.cfb_new();
    CFB.utils.cfb_add(container, stream, Buffer.alloc(4096, 1));
    return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
  };

  it('tells a workbook from a Word document by what the container holds', async () => {
    expect(await sniffType(readFileSync(new URL('./fixtures/cells.xls', import.meta.url)), mediaWhitelists.spreadsheet)).toEqual({ mime: 'application/vnd.ms-excel', ext: 'xls' });
    expect(await sniffType(compound('WordDocument'), mediaWhitelists.message)).toEqual({ mime: 'application/msword', ext: 'doc' });
    expect(await sniffType(compound('PowerPoint Document'), mediaWhitelists.message)).toEqual({ mime: 'application/vnd.ms-powerpoint', ext: 'ppt' });
  });

  it('refuses a Word document where only spreadsheets are taken (415)', async () => {
    const err = await sniffType(compound('WordDocument'), mediaWhitelists.spreadsheet).then(() => null, (e: unknown) => e);
    expect(err).toMatchObject({ code: 'ERR_UNSUPPORTED_MEDIA_TYPE' });
  });
});
