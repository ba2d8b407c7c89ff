import type { Invoice, InvoicesPage, PaymentSocketPayload, PixCharge, SubscriptionBody } from '@atende/kit/contracts';
import { http } from './http';

/** Invoices and the subscription checkout (spec 001 §7), served by the admin service. */
export type { Invoice, InvoicesPage, PaymentSocketPayload, PixCharge, SubscriptionBody };

export async function listInvoices(pageNumber: number): Promise<InvoicesPage> {
  const { data } = await http.get<InvoicesPage>('/invoices', { params: { pageNumber } });
  return data;
}

/** POST /subscription: the Pix charge of the chosen plan (QR text and original value). */
export async function subscribe(body: SubscriptionBody): Promise<PixCharge> {
  const { data } = await http.post<PixCharge>('/subscription', body);
  return data;
}
