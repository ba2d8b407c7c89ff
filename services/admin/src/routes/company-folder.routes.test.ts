import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPlatform, type Session, type TestPlatform } from '@atende/standalone/testing';

let platform: TestPlatform;
let superSession: Session;

beforeAll(async () => {
  // Measured every 200 ms here (an hour by default).
  platform = await startTestPlatform({ env: { FOLDER_USAGE_SWEEP_MS: '200' } });
  superSession = await platform.login();
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

type Row = { id: number; folderSize: number | null; numberFileFolder: number | null; updatedAtFolder: string | null };

describe("companies' media folders (folderSize, numberFileFolder, updatedAtFolder)", () => {
  it("shows each company's own files and bytes on its row, measured again as they change", async () => {
    const company = await platform.createCompany();
    const empty = await platform.createCompany();
    const folder = path.join(platform.dataDir, 'media', `company${company.companyId}`);
    await mkdir(path.join(folder, 'messages'), { recursive: true });
    await mkdir(path.join(folder, 'quick-messages'), { recursive: true });
    await writeFile(path.join(folder, 'messages', 'a.jpg'), Buffer.alloc(3000));
    await writeFile(path.join(folder, 'quick-messages', 'b.pdf'), Buffer.alloc(500));

    const rowOf = async (id: number): Promise<Row> =>
      (await platform.request<Row[]>('GET', '/api/companies/list', { token: superSession.token })).body.find((c) => c.id === id)!;
    await eventually(async () => expect(await rowOf(company.companyId)).toMatchObject({ folderSize: 3500, numberFileFolder: 2, updatedAtFolder: expect.any(String) }));
    await eventually(async () => expect(await rowOf(empty.companyId)).toMatchObject({ folderSize: 0, numberFileFolder: 0 }));

    await writeFile(path.join(folder, 'messages', 'c.ogg'), Buffer.alloc(100));
    await eventually(async () => expect(await rowOf(company.companyId)).toMatchObject({ folderSize: 3600, numberFileFolder: 3 }));

    // The same figures on the paged list and on the company itself; the company's admin sees its own.
    const page = await platform.request<{ companies: Row[] }>('GET', '/api/companies', { token: superSession.token });
    expect(page.body.companies.find((c) => c.id === company.companyId)).toMatchObject({ folderSize: 3600, numberFileFolder: 3 });
    const own = await platform.request('GET', `/api/companies/${company.companyId}`, { token: company.admin.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ folderSize: 3600, numberFileFolder: 3 });
  });
});
