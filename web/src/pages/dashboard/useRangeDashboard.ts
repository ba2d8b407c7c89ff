import { useCallback, useEffect, useRef, useState } from 'react';
import type { DashboardData } from '@atende/kit/contracts';
import { getDashboard, getTicketsPerDay, type DashboardPeriod } from '../../api/dashboard';
import { errorCodeOf } from '../../errors/errorMessage';
import { toastError } from '../../errors/toast';
import { ticketsPerDayBars, type Bar } from './dashboardRules';
import { previousPeriod } from './rangeRules';

export type PerDay = { bars: Bar[]; hourly: boolean; total: number };

export type RangeFigures = {
  period: DashboardPeriod;
  data: DashboardData;
  /** The previous period of the same length (when asked for; null when it failed). */
  previous: DashboardData | null;
  /** The tickets per hour or day (when asked for; null when it failed). */
  perDay: PerDay | null;
};

export type RangeState = { figures: RangeFigures | null; loading: boolean; denied: boolean; reload(): void };

const refused = (err: unknown) => errorCodeOf(err) === 'ERR_NO_PERMISSION';

/**
 * GET /api/dashboard for a period (every queue), and with it — when asked — the previous period of the same
 * length and GET /dashboard/ticketsDay. The figures of the last answer stay on screen while another loads.
 */
export function useRangeDashboard(period: DashboardPeriod, options: { previous?: boolean; perDay?: boolean } = {}): RangeState {
  const { previous = false, perDay = false } = options;
  const [figures, setFigures] = useState<RangeFigures | null>(null);
  const [loading, setLoading] = useState(true);
  const [denied, setDenied] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const request = useRef(0);
  const { initialDate, finalDate } = period;

  useEffect(() => {
    const id = ++request.current;
    const asked = { initialDate, finalDate };
    setLoading(true);
    const before = previousPeriod(asked);
    // The main figures decide; the comparison and the series may fail alone (shown as missing).
    const extras = Promise.all([
      previous ? getDashboard({ ...before, queueIds: [] }).catch(() => null) : Promise.resolve(null),
      perDay
        ? getTicketsPerDay(asked)
            .then((answer): PerDay => ({ bars: ticketsPerDayBars(answer, asked), hourly: initialDate === finalDate, total: answer.count }))
            .catch(() => null)
        : Promise.resolve(null),
    ]);
    getDashboard({ ...asked, queueIds: [] })
      .then(async (data) => {
        const [prev, series] = await extras;
        if (id !== request.current) return;
        setFigures({ period: asked, data, previous: prev, perDay: series });
        setDenied(false);
      })
      .catch((err: unknown) => {
        if (id !== request.current) return;
        if (refused(err)) setDenied(true);
        else toastError(err);
      })
      .finally(() => {
        if (id === request.current) setLoading(false);
      });
  }, [initialDate, finalDate, previous, perDay, attempt]);

  useEffect(
    () => () => {
      request.current++;
    },
    [],
  );

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { figures, loading, denied, reload };
}
