import { createHash, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  INVOICE_PAID,
  INVOICES_PAGE_SIZE,
  customPlanPrice,
  formatAmount,
  subscriptionBody,
  type AuthUser,
  type Invoice,
  type InvoicesPage,
  type PixCharge,
  type ServiceContext,
  type UnitOfWork,
  pixNotification,
} from '@atende/kit';
import type { z } from 'zod';
import { invoicesRepository } from '../db/invoices.repository.js';
import { companiesRepository, type AdminDb } from '../db/repositories.js';
import type { InvoiceRow } from '../db/schema.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import { covers, invoiceHorizon, isoDay, newTxid, renewedDueDate } from './billing-rules.js';
import { presentCompany } from './presenters.js';
import { MAIN_COMPANY_ID } from './setting-rules.js';

type SubscriptionInput = z.output<typeof subscriptionBody>;
type PixNotification = z.output<typeof pixNotification>;

const noInvoice = () => new AppError('ERR_NO_INVOICE_FOUND', 'Invoice not found');
const alreadyPaid = () => new AppError('ERR_INVOICE_ALREADY_PAID', 'This invoice is already paid');

export function presentInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    detail: row.detail,
    users: row.users,
    connections: row.connections,
    dueDate: row.dueDate,
    value: row.value,
    status: row.status === INVOICE_PAID ? 'Pago' : 'open',
    linkInvoice: row.linkInvoice,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Invoices and the subscription checkout (spec 001 §2, §4, §7): the job that bills companies ahead of their
 * due date, the Pix charge of the checkout, and the payment notification that renews the licence.
 */
export function createInvoices(deps: {
  ctx: ServiceContext;
  db: AdminDb;
  unitOfWork: UnitOfWork<AdminDb>;
  /** Null when no Pix key is configured: the checkout refuses, it never shows a fake code. */
  gateway: PaymentGateway | null;
  webhookSecret: string | undefined;
  now?: () => Date;
}) {
  const { ctx, db, unitOfWork, gateway } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** GET /invoices: the caller's company's, newest due date first, 20 a page. */
    async page(actor: AuthUser, pageNumber: number): Promise<InvoicesPage> {
      const { rows, count } = await invoicesRepository(db).page(actor.companyId, pageNumber, INVOICES_PAGE_SIZE);
      return { invoices: rows.map(presentInvoice), count, hasMore: count > pageNumber * INVOICES_PAGE_SIZE };
    },

    /**
     * The invoice job: an invoice of its plan for every company whose due date is within the lead days or past
     * (company 1 never expires; free plans are not billed). Idempotent: one invoice per company and due date.
     */
    async createDue(tx: AdminDb = db, companyId?: number): Promise<number> {
      const made = await invoicesRepository(tx).createDue({ until: invoiceHorizon(isoDay(now())), exceptCompanyId: MAIN_COMPANY_ID, companyId });
      for (const m of made) ctx.logger.info({ invoiceId: m.id, companyId: m.companyId, dueDate: m.dueDate }, 'invoice created');
      return made.length;
    },

    /**
     * POST /subscription: the custom plan chosen in the checkout (price computed here) on the given open invoice,
     * or on the invoice of the company's current due date; answers the Pix charge of that invoice.
     */
    async subscribe(actor: AuthUser, input: SubscriptionInput): Promise<PixCharge> {
      if (!gateway) throw new AppError('ERR_PAYMENT_NOT_CONFIGURED', 'Pix payments are not configured on this platform (PIX_KEY)');
      const price = customPlanPrice(input.users, input.connections);
      if (input.price !== undefined && input.price !== null && Math.round(input.price * 100) !== Math.round(price * 100)) {
        throw new AppError('ERR_VALIDATION', `price: must be ${formatAmount(price)} for ${input.users} users and ${input.connections} connections`, {
          fields: [{ field: 'price', message: `O valor do plano é ${formatAmount(price)}` }],
        });
      }
      const amount = formatAmount(price);

      const row = await unitOfWork(async (tx) => {
        const invoices = invoicesRepository(tx);
        let target: InvoiceRow | undefined;
        if (input.invoiceId) {
          target = await invoices.findForCompany(actor.companyId, input.invoiceId);
          if (!target) throw noInvoice();
        } else {
          const company = await companiesRepository(tx).findById(actor.companyId);
          if (!company) throw new AppError('ERR_NO_COMPANY_FOUND', 'Company not found');
          const dueDate = company.company.dueDate ?? isoDay(now());
          target =
            (await invoices.insertIfAbsent({
              companyId: actor.companyId,
              detail: company.plan?.name ?? 'Plano personalizado',
              users: input.users,
              connections: input.connections,
              dueDate,
              value: amount,
            })) ?? (await invoices.findByDueDate(actor.companyId, dueDate));
          if (!target) throw noInvoice();
        }
        if (target.status === INVOICE_PAID) throw alreadyPaid();
        const updated = await invoices.update(target.id, { users: input.users, connections: input.connections, value: amount, txid: target.txid ?? newTxid() });
        return updated!;
      });

      const charge = await gateway.createPixCharge({ txid: row.txid!, amount, description: `Fatura ${row.id}` });
      const stored = charge.link && charge.link !== row.linkInvoice ? ((await invoicesRepository(db).update(row.id, { linkInvoice: charge.link })) ?? row) : row;
      return { txid: charge.txid, valor: charge.valor, qrcode: charge.qrcode, invoice: presentInvoice(stored) };
    },

    /** The payment webhook's shared secret, compared in constant time; none configured refuses everything. */
    acceptsSecret(given: string | undefined): boolean {
      if (!deps.webhookSecret || !given) return false;
      return timingSafeEqual(digest(given), digest(deps.webhookSecret));
    },

    /**
     * Pix notifications (POST /subscription/webhook): each confirmed payment marks its invoice 'Pago' and moves
     * the company's due date one recurrence forward, announcing company-{id}-payment. A repeated notification,
     * an unknown txid or a payment below the invoice's value changes nothing.
     */
    async confirmPayments(notifications: PixNotification[]): Promise<{ received: number; paid: number }> {
      let paid = 0;
      for (const n of notifications) {
        const done = await unitOfWork(async (tx, emit) => {
          const invoices = invoicesRepository(tx);
          const found = await invoices.findByTxid(n.txid);
          if (!found) {
            ctx.logger.warn({ txid: n.txid }, 'Pix notification for no invoice');
            return false;
          }
          if (found.status === INVOICE_PAID) return false;
          if (!covers(n.valor, found.value)) {
            ctx.logger.warn({ invoiceId: found.id, paid: n.valor, billed: found.value }, 'Pix payment below the invoice value: not marked paid');
            return false;
          }
          const company = await invoices.lockCompany(found.companyId);
          const invoice = await invoices.markPaid(found.id, n.horario ? new Date(n.horario) : now(), n.endToEndId ?? null);
          if (!invoice || !company) return false;
          const dueDate = renewedDueDate(company.dueDate, company.recurrence, isoDay(now()));
          await companiesRepository(tx).update(found.companyId, { dueDate });
          const row = await companiesRepository(tx).findById(found.companyId);
          await emit('admin.company.updated', found.companyId, { company: presentCompany(row!) });
          await emit('admin.invoice.paid', found.companyId, { invoice: presentInvoice(invoice), company: { id: found.companyId, dueDate } });
          ctx.logger.info({ invoiceId: invoice.id, companyId: found.companyId, dueDate }, 'invoice paid; licence renewed');
          return true;
        });
        if (done) paid++;
      }
      return { received: notifications.length, paid };
    },
  };
}

export type Invoices = ReturnType<typeof createInvoices>;
