import { DatePicker, Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { DashboardPeriod } from '../../api/dashboard';
import { toastError } from '../../errors/toast';
import { MAX_PERIOD_DAYS, periodProblem } from './dashboardRules';

const DAY = 'YYYY-MM-DD';
const SHOWN = 'DD/MM/YYYY';

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
  return dayjs(day).format(SHOWN);
}

type Props = { value: Partial<DashboardPeriod>; onChange(next: Partial<DashboardPeriod>): void };

/** Start and end date pickers (the end not before the start; no day after today: nothing was opened yet). */
export function PeriodFields({ value, onChange }: Props) {
  const { t } = useTranslation('dashboard');
  const start = value.initialDate ? dayjs(value.initialDate) : null;
  const end = value.finalDate ? dayjs(value.finalDate) : null;
  const future = (d: Dayjs) => d.isAfter(dayjs(), 'day');
  return (
    <>
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">{t('filters.startDate')}</Typography.Text>
        <DatePicker
          value={start}
          onChange={(d) => onChange({ ...value, initialDate: d ? d.format(DAY) : undefined })}
          format={SHOWN}
          disabledDate={future}
          aria-label={t('filters.startDate')}
        />
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">{t('filters.endDate')}</Typography.Text>
        <DatePicker
          value={end}
          onChange={(d) => onChange({ ...value, finalDate: d ? d.format(DAY) : undefined })}
          format={SHOWN}
          disabledDate={(d) => future(d) || (!!start && d.isBefore(start, 'day'))}
          aria-label={t('filters.endDate')}
        />
      </Flex>
    </>
  );
}
