import { useEffect, useState } from 'react';
import { Button, Flex, Spin, Table, TimePicker, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { Company, WeekdaySchedule } from '@atende/kit/contracts';
import { getCompany, updateCompanySchedules } from '../../api/admin';
import { toastError, toastInfo, toastSuccess } from '../../errors/toast';
import { useCompanyEvent } from '../../socket/SocketContext';
import { normalizeSchedules, scheduleProblem } from './schedules';

type TimeField = 'startTimeA' | 'endTimeA' | 'startTimeB' | 'endTimeB';
const timeFields: TimeField[] = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'];

const toDayjs = (v: string): Dayjs | null => {
  const m = /^(\d{2}):(\d{2})$/.exec(v);
  return m ? dayjs().hour(Number(m[1])).minute(Number(m[2])).second(0).millisecond(0) : null;
};

/** Settings → Schedules (shown when scheduleType is company): the company-wide working hours. */
export function SchedulesTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation('settings');
  const [rows, setRows] = useState<WeekdaySchedule[]>(() => normalizeSchedules(null));
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    let active = true;
    setLoading(true);
    getCompany(companyId)
      .then((c) => active && setRows(normalizeSchedules(c.schedules)))
      .catch((err: unknown) => active && toastError(err))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [companyId]);

  // Hours saved elsewhere (another admin, another tab) show at once, unless this tab holds unsaved changes.
  useCompanyEvent<{ action: string; company?: Company }>('company', (event) => {
    if (event.action === 'update' && event.company?.id === companyId && !dirty && !saving) setRows(normalizeSchedules(event.company.schedules));
  });

  const setTime = (day: string, field: TimeField, value: Dayjs | null) => {
    setRows((list) => list.map((r) => (r.weekdayEn === day ? { ...r, [field]: value ? value.format('HH:mm') : '' } : r)));
    if (!dirty) toastInfo(t('schedules.clickSave'));
    setDirty(true);
  };

  const problems = rows.map(scheduleProblem);
  const invalid = problems.some((p) => p !== null);

  const save = async () => {
    setSaving(true);
    try {
      const company = await updateCompanySchedules(companyId, rows);
      setRows(normalizeSchedules(company.schedules));
      setDirty(false);
      toastSuccess(t('schedules.saved'), { form: true });
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const dayName = (r: WeekdaySchedule) => t(`schedules.days.${r.weekdayEn}`);

  const columns: ColumnsType<WeekdaySchedule> = [
    { title: t('schedules.weekday'), key: 'day', render: (_: unknown, r) => dayName(r) },
    ...timeFields.map((field) => ({
      title: t(`schedules.${field}`),
      key: field,
      render: (_: unknown, r: WeekdaySchedule) => (
        <TimePicker
          format="HH:mm"
          minuteStep={5}
          value={toDayjs(r[field])}
          onChange={(v) => setTime(r.weekdayEn, field, v)}
          aria-label={`${dayName(r)} — ${t(`schedules.${field}`)}`}
          style={{ width: 110 }}
        />
      ),
    })),
    {
      title: '',
      key: 'problem',
      render: (_: unknown, r: WeekdaySchedule, i: number) =>
        problems[i] ? <Typography.Text type="danger">{t(`schedules.problems.${problems[i]}`)}</Typography.Text> : null,
    },
  ];

  return (
    <Spin spinning={loading}>
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('schedules.description')}
        </Typography.Paragraph>
        <Table<WeekdaySchedule> rowKey="weekdayEn" columns={columns} dataSource={rows} pagination={false} size="small" scroll={{ x: 700 }} />
        <Flex justify="flex-end">
          <Button type="primary" onClick={() => void save()} loading={saving} disabled={invalid}>
            {t('schedules.save')}
          </Button>
        </Flex>
      </Flex>
    </Spin>
  );
}
