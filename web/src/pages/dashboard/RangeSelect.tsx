import { Button, Flex, Segmented, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DashboardPeriod } from '../../api/dashboard';
import { shownDay } from './PeriodFields';
import { RANGE_CHOICES, type RangeChoice } from './rangeRules';

type Props = {
  value: RangeChoice;
  onChange(next: RangeChoice): void;
  /** The days the figures on screen count. */
  period: DashboardPeriod;
  loading?: boolean;
  onReload?: () => void;
};

/** The period choice of a tab (24h, 7, 30, 90 days), the days it counts and a button to load them again. */
export function RangeSelect({ value, onChange, period, loading, onReload }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    <Flex wrap gap={12} align="center">
      <Segmented<RangeChoice>
        value={value}
        onChange={onChange}
        options={RANGE_CHOICES.map((choice) => ({ value: choice, label: t(`range.${choice}`) }))}
        aria-label={t('range.label')}
      />
      <Typography.Text type="secondary">
        {period.initialDate === period.finalDate
          ? t('range.today', { day: shownDay(period.initialDate) })
          : t('period', { from: shownDay(period.initialDate), to: shownDay(period.finalDate) })}
      </Typography.Text>
      {onReload && (
        <Tooltip title={t('refresh')}>
          <Button icon={<ReloadOutlined />} onClick={onReload} loading={loading} aria-label={t('refresh')} />
        </Tooltip>
      )}
    </Flex>
  );
}
