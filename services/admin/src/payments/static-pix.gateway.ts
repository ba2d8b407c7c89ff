import { buildPixCode } from '../domain/pix-code.js';
import type { AdminConfig } from '../config.js';
import type { PaymentGateway } from './payment-gateway.js';

/**
 * The built-in gateway: a static Pix BR Code for the platform's own key, with the invoice's amount and txid.
 * It needs no provider account and makes no outside call; the payment is confirmed by the receiving
 * bank's (or PSP's) Pix notification to POST /subscription/webhook.
 */
export function staticPixGateway(options: { key: string; merchantName: string; merchantCity: string }): PaymentGateway {
  return {
    name: 'static-pix',
    async createPixCharge({ txid, amount }) {
      const qrcode = buildPixCode({ key: options.key, merchantName: options.merchantName, merchantCity: options.merchantCity, amount, txid });
      return { txid, valor: { original: amount }, qrcode: { qrcode } };
    },
  };
}

/**
 * The gateway of the service's settings: the built-in static Pix when PIX_KEY is set, else none (the checkout
 * then answers ERR_PAYMENT_NOT_CONFIGURED). A code is written once here, so a key, name or city it cannot
 * write stops the start instead of failing at the first checkout.
 */
export function gatewayFromConfig(config: Pick<AdminConfig, 'PIX_KEY' | 'PIX_MERCHANT_NAME' | 'PIX_MERCHANT_CITY'>): PaymentGateway | null {
  if (!config.PIX_KEY) return null;
  const options = { key: config.PIX_KEY, merchantName: config.PIX_MERCHANT_NAME, merchantCity: config.PIX_MERCHANT_CITY };
  try {
    buildPixCode({ ...options, amount: '1.00', txid: 'CHECK' });
  } catch (err) {
    throw new Error(`Invalid Pix settings (PIX_KEY, PIX_MERCHANT_NAME, PIX_MERCHANT_CITY): ${(err as Error).message}`);
  }
  return staticPixGateway(options);
}
