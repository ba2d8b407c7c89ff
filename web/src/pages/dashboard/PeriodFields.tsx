import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { DashboardPeriod } from '../../api/dashboard';
import { DayField } from '../../components/DayField';
import { toastError } from '../../errors/toast';
import { MAX_PERIOD_DAYS, periodProblem } from './dashboardRules';
import { DAY_FORMAT } from '../../format/dates';


/** The period to ask for, or null after telling the user why the server would refuse it. */
export function checkedPeriod(t: TFunction<'dashboard'>, period: Partial<DashboardPeriod>): DashboardPeriod | null {
  const { initialDate, finalDate } = period;
  const problem = periodProblem(period);
  if (!problem && initialDate && finalDate) return { initialDate, finalDate };
  if (problem === 'order') toastError(t('errors.periodOrder'));
  else if (problem === 'tooLong') toastError(t('errors.periodTooLong', { days: MAX_PERIOD_DAYS }));
  else toastError(t('errors.periodMissing'));
  return null;
}

/** A period as DD/MM/YYYY. */
export function shownDay(day: string): string {
  return dayjs(day).format(DAY_FORMAT);
}

type Props = { value: Partial<DashboardPeriod>; onChange(next: Partial<DashboardPeriod>): void };

/** Start and end date pickers (the end not before the start; no day after today: nothing was opened yet). */
export function PeriodFields({ value, onChange }: Props) {
  const { t } = useTranslation('dashboard');
  const future = (d: Dayjs) => d.isAfter(dayjs(), 'day');
  return (
    <>
      <DayField
        label={t('filters.startDate')}
        value={value.initialDate}
        onChange={(day) => onChange({ ...value, initialDate: day ?? undefined })}
        disabledDate={future}
      />
      <DayField
        label={t('filters.endDate')}
        value={value.finalDate}
        onChange={(day) => onChange({ ...value, finalDate: day ?? undefined })}
        disabledDate={(d) => future(d) || (!!value.initialDate && d.isBefore(value.initialDate, 'day'))}
      />
    </>
  );
}
