import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companyColumnTables, companyRowCounts, startServiceHarness, type ServiceHarness } from '@atende/kit/testing';
import { companyTables } from '../db/company-data.repository.js';
import { campaignsConfigShape, createCampaignsService } from '../index.js';

/**
 * admin.company.deleted through the real consumer: every row of the deleted company goes, in every table
 * of the campaigns schema; another company's rows stay.
 */
let h: ServiceHarness;
const GONE = 1;
const KEPT = 2;
const config = { ...z.object(campaignsConfigShape).parse({}), DISPATCH_INTERVAL_MS: 0 };

/** One row of the company in every table of the schema (projection ids: 1000 × company + n). */
async function seed(companyId: number): Promise<void> {
  const base = companyId * 1000;
  await h.sql.begin(async (sql) => {
    await sql`insert into campaigns.connections (id, company_id, name, channel, status) values (${base + 1}, ${companyId}, 'Conexão', 'whatsapp', 'CONNECTED')`;
    await sql`insert into campaigns.queues (id, company_id, name) values (${base + 1}, ${companyId}, 'Vendas')`;
    const [list] = await sql<{ id: number }[]>`insert into campaigns.contact_lists (company_id, name) values (${companyId}, 'Clientes') returning id`;
    await sql`insert into campaigns.contact_list_items (company_id, contact_list_id, name, number) values (${companyId}, ${list!.id}, 'Maria', '5511900000001')`;
    const [campaign] = await sql<{ id: number }[]>`
      insert into campaigns.campaigns (company_id, name, whatsapp_id, contact_list_id, message1) values (${companyId}, 'Promoção', ${base + 1}, ${list!.id}, 'Olá') returning id`;
    await sql`insert into campaigns.campaign_shipping (campaign_id, company_id, number) values (${campaign!.id}, ${companyId}, '5511900000001')`;
    await sql`insert into campaigns.campaign_settings (company_id, key, value) values (${companyId}, 'messageInterval', '20'::jsonb)`;
    await sql`
      insert into campaigns.schedules (company_id, body, contact_id, contact_number, send_at, anchor_at)
      values (${companyId}, 'Lembrete', ${base + 1}, '5511900000001', now() + interval '30 days', now() + interval '30 days')`;
  });
}

const rowsOf = (companyId: number) => companyRowCounts(h.sql, 'campaigns', companyId);

beforeAll(async () => {
  h = await startServiceHarness({ schema: 'campaigns', create: (ctx) => createCampaignsService(ctx, config) });
  await seed(GONE);
  await seed(KEPT);
});
afterAll(async () => h?.stop());

describe('admin.company.deleted', () => {
  it('knows every table of the schema that holds a company’s rows', async () => {
    expect(companyTables.map((t) => getTableName(t)).sort()).toEqual(await companyColumnTables(h.sql, 'campaigns'));
  });

  it("removes the company's rows from every table, and only that company's", async () => {
    expect(Object.entries(await rowsOf(GONE)).filter(([, n]) => n === 0)).toEqual([]);
    const kept = await rowsOf(KEPT);

    await h.publish('admin.company.deleted', GONE, { companyId: GONE });

    expect(Object.entries(await rowsOf(GONE)).filter(([, n]) => n > 0)).toEqual([]);
    expect(await rowsOf(KEPT)).toEqual(kept);
  });

  it('changes nothing when the event comes again', async () => {
    const kept = await rowsOf(KEPT);
    await h.publish('admin.company.deleted', GONE, { companyId: GONE });
    expect(await rowsOf(KEPT)).toEqual(kept);
  });
});
