import { Flex, Table, TimePicker, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { WeekdaySchedule } from '@atende/kit/contracts';
import { scheduleProblem } from '../pages/settings/schedules';

type TimeField = 'startTimeA' | 'endTimeA' | 'startTimeB' | 'endTimeB';
const timeFields: TimeField[] = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'];

const toDayjs = (v: string): Dayjs | null => {
  const m = /^(\d{2}):(\d{2})$/.exec(v);
  return m ? dayjs().hour(Number(m[1])).minute(Number(m[2])).second(0).millisecond(0) : null;
};

export type WeekdaySchedulesTableProps = {
  /** The screen's i18n namespace: its `schedules.*` texts (weekday names, columns, problems, description). */
  namespace: string;
  value: WeekdaySchedule[];
  onChange(next: WeekdaySchedule[]): void;
};

/** Per weekday two shifts, A and B: the queue dialog's and the connection editor's schedules tab. */
export function WeekdaySchedulesTable({ namespace, value, onChange }: WeekdaySchedulesTableProps) {
  const { t } = useTranslation(namespace);

  const setTime = (day: string, field: TimeField, time: Dayjs | null) =>
    onChange(value.map((r) => (r.weekdayEn === day ? { ...r, [field]: time ? time.format('HH:mm') : '' } : r)));

  const dayName = (r: WeekdaySchedule) => t(`schedules.days.${r.weekdayEn}`, { defaultValue: r.weekday });

  const columns: ColumnsType<WeekdaySchedule> = [
    { title: t('schedules.weekday'), key: 'day', render: (_: unknown, r) => dayName(r) },
    ...timeFields.map((field) => ({
      title: t(`schedules.${field}`),
      key: field,
      render: (_: unknown, r: WeekdaySchedule) => (
        <TimePicker
          format="HH:mm"
          minuteStep={5}
          needConfirm={false}
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
      render: (_: unknown, r: WeekdaySchedule) => {
        const problem = scheduleProblem(r);
        return problem ? <Typography.Text type="danger">{t(`schedules.problems.${problem}`)}</Typography.Text> : null;
      },
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('schedules.description')}
      </Typography.Paragraph>
      <Table<WeekdaySchedule> rowKey="weekdayEn" columns={columns} dataSource={value} pagination={false} size="small" scroll={{ x: 720 }} />
    </Flex>
  );
}
