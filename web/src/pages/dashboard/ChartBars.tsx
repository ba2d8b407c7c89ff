import { theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Bar } from './dashboardRules';

type Props = {
  bars: readonly Bar[];
  /** What the bars count (the list's accessible name). */
  label: string;
  /** A bar's figure as it is written. */
  value(n: number): string;
  color?: string;
};

/** Horizontal bars, one per line: the label, the bar (of the largest figure), the figure; long lists scroll. */
export function HorizontalBars({ bars, label, value, color }: Props) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const max = Math.max(1, ...bars.map((b) => b.total));
  return (
    <ul
      aria-label={label}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 320, overflowY: 'auto' }}
    >
      {bars.map((b) => (
        <li
          key={b.key}
          aria-label={t('charts.bar', { label: b.label, value: value(b.total) })}
          style={{ display: 'grid', gridTemplateColumns: 'minmax(72px, 35%) 1fr auto', alignItems: 'center', gap: 8 }}
        >
          <Typography.Text ellipsis={{ tooltip: b.label }}>{b.label}</Typography.Text>
          <div aria-hidden style={{ background: token.colorFillSecondary, borderRadius: 4, height: 14 }}>
            <div
              style={{
                width: `${(100 * b.total) / max}%`,
                minWidth: b.total > 0 ? 2 : 0,
                height: '100%',
                background: color ?? token.colorPrimary,
                borderRadius: 4,
              }}
            />
          </div>
          <Typography.Text strong>{value(b.total)}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}

/** At most this many labels under the columns (a year's days would not be readable). */
const MAX_LABELS = 12;

/** Columns side by side (hours or days), figures on top while they fit; long series scroll sideways. */
export function ColumnBars({ bars, label, value, color }: Props) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const max = Math.max(1, ...bars.map((b) => b.total));
  const every = Math.ceil(bars.length / MAX_LABELS);
  // Figures on top of the columns while they are wide enough to hold them.
  const showValues = bars.length <= 31;
  const gap = bars.length > 60 ? 1 : 4;
  const minWidth = bars.length * (10 + gap);
  return (
    <div style={{ overflowX: 'auto' }}>
      <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: '16px 0 0', display: 'flex', alignItems: 'flex-end', gap, height: 220, minWidth }}>
        {bars.map((b) => (
          <li
            key={b.key}
            aria-label={t('charts.bar', { label: b.label, value: value(b.total) })}
            title={`${b.label}: ${value(b.total)}`}
            style={{ flex: '1 1 0', minWidth: 10, height: '100%', display: 'flex', alignItems: 'flex-end', justifyContent: 'center' }}
          >
            <div
              style={{
                position: 'relative',
                width: '100%',
                maxWidth: 32,
                height: `${(100 * b.total) / max}%`,
                minHeight: b.total > 0 ? 2 : 0,
                background: color ?? token.colorPrimary,
                borderRadius: '3px 3px 0 0',
              }}
            >
              {showValues && b.total > 0 && (
                <span
                  aria-hidden
                  style={{ position: 'absolute', bottom: '100%', left: '50%', transform: 'translateX(-50%)', fontSize: 11, color: token.colorTextSecondary }}
                >
                  {b.total}
                </span>
              )}
            </div>
          </li>
        ))}
      </ul>
      <div aria-hidden style={{ display: 'flex', gap, minWidth, borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: 4 }}>
        {bars.map((b, i) => (
          // a centring flex box: a label wider than its column spills evenly on both sides
          <span
            key={b.key}
            style={{
              flex: '1 1 0',
              minWidth: 10,
              display: 'flex',
              justifyContent: 'center',
              fontSize: 11,
              whiteSpace: 'nowrap',
              color: token.colorTextSecondary,
            }}
          >
            {i % every === 0 ? b.label : ''}
          </span>
        ))}
      </div>
    </div>
  );
}
