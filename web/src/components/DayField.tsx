import { DatePicker, Flex, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DAY_FORMAT } from '../format/dates';

/** Days travel as the API takes them and are shown as people here read them. */
const DAY = 'YYYY-MM-DD';

type Props = {
  label: string;
  /** YYYY-MM-DD, or none. */
  value: string | null | undefined;
  onChange(day: string | null): void;
  disabledDate?: (day: Dayjs) => boolean;
};

/** A labelled date picker of one day (a period's start or end in the filters). */
export function DayField({ label, value, onChange, disabledDate }: Props) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <DatePicker
        value={value ? dayjs(value) : null}
        onChange={(d) => onChange(d ? d.format(DAY) : null)}
        format={DAY_FORMAT}
        disabledDate={disabledDate}
        aria-label={label}
      />
    </Flex>
  );
}
