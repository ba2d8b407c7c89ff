import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PaymentSocketPayload } from '../../api/invoices';
import { refreshSession } from '../../api/http';
import { toastError, toastSuccess } from '../../errors/toast';
import { useCompanyEvent } from '../../socket/SocketContext';
import { formatDay } from '../../format/dates';

/** Spec 001 §4, §9: after the payment the user returns home after 4 seconds. */
export const PAYMENT_HOME_DELAY_MS = 4000;

/**
 * company-{companyId}-payment while mounted: a CONCLUIDA payment says the licence was renewed to the new due
 * date, lets the caller mark the invoice paid, then after 4 s renews the session (so an overdue company is
 * let in) and goes home.
 */
export function usePaymentEvent(onPaid?: (payload: PaymentSocketPayload) => void): void {
  const { t } = useTranslation('financial');
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  useCompanyEvent<PaymentSocketPayload>('payment', (payload) => {
    if (payload?.action !== 'CONCLUIDA') return;
    toastSuccess(t('toasts.renewed', { date: formatDay(payload.company?.dueDate) }));
    onPaid?.(payload);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      refreshSession()
        .catch((err: unknown) => toastError(err))
        .finally(() => navigate('/', { replace: true }));
    }, PAYMENT_HOME_DELAY_MS);
  });
}
