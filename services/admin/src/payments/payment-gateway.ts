/**
 * How admin charges a subscription: one port, so a provider with its own API (dynamic Pix charges,
 * payment links) can replace the built-in static Pix code without touching the checkout.
 */
export type PixChargeRequest = {
  /** The invoice's transaction id (letters and digits, at most 25): the payment notification names it. */
  txid: string;
  /** Decimal text with two places ('49.00'). */
  amount: string;
  /** What the payer's bank shows, when the provider supports it. */
  description: string;
};

export type PixChargeAnswer = {
  txid: string;
  valor: { original: string };
  qrcode: { qrcode: string; imagemQrcode?: string };
  /** A payment page of the provider, kept as the invoice's linkInvoice. */
  link?: string;
};

export type PaymentGateway = {
  readonly name: string;
  createPixCharge(request: PixChargeRequest): Promise<PixChargeAnswer>;
};
