import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from './storage.js';

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
