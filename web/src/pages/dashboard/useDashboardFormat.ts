import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export type DashboardFormat = {
  /** A count: '1.234' in pt-BR. */
  count(n: number): string;
  /** A figure with up to one decimal (scores, rates). */
  decimal(n: number): string;
  /** A share given in percent (0–100): '85,5%'. */
  percent(n: number): string;
  /** A time of day on the 24-hour clock, with seconds: '16:39:58'. */
  time(d: Date): string;
};

/** The dashboard's numbers in the current language. */
export function useDashboardFormat(): DashboardFormat {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const whole = new Intl.NumberFormat(language);
    const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const share = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const clock = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    return { count: (n) => whole.format(n), decimal: (n) => decimal.format(n), percent: (n) => share.format(n / 100), time: (d) => clock.format(d) };
  }, [language]);
}
