import { DatePicker, Flex, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** Days travel as the API takes them and are shown as people here read them. */
const DAY = 'YYYY-MM-DD';
const SHOWN = 'DD/MM/YYYY';

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
        format={SHOWN}
        disabledDate={disabledDate}
        aria-label={label}
      />
    </Flex>
  );
}
