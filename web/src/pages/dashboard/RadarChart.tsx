import { theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RADAR_AXES, radarPoint, type RadarSeries } from './analysisRules';

/** Wider than tall: the side axes' names sit beside the rim. */
const WIDTH = 440;
const HEIGHT = 320;
const CX = WIDTH / 2;
const CY = HEIGHT / 2;
const RADIUS = 110;
const RINGS = [0.25, 0.5, 0.75, 1];
const LABEL_AT = 1.12;

/** The colours of the compared attendants, in order. */
export function useRadarColors(): string[] {
  const { token } = theme.useToken();
  return [token.colorPrimary, token.colorSuccess, token.colorWarning, token.purple, token.magenta, token.cyan];
}

const polygon = (values: number[]) =>
  values
    .map((v, i) => radarPoint(i, values.length, v, RADIUS, CX, CY))
    .map((p) => `${p.x},${p.y}`)
    .join(' ');

/** A spider chart drawn in SVG: one axis per figure (0 in the centre, 1 at the rim), one polygon per attendant. */
export function RadarChart({ series, colors }: { series: readonly RadarSeries[]; colors: readonly string[] }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const count = RADAR_AXES.length;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      style={{ maxWidth: 520, display: 'block', margin: '0 auto' }}
      role="img"
      aria-label={t('analyses.radar.chart')}
    >
      {RINGS.map((ring) => (
        <polygon key={ring} points={polygon(RADAR_AXES.map(() => ring))} fill="none" stroke={token.colorBorderSecondary} strokeWidth={1} />
      ))}
      {RADAR_AXES.map((axis, i) => {
        const end = radarPoint(i, count, 1, RADIUS, CX, CY);
        // The axis' name a little outside the rim, on the axis' line.
        const lx = CX + (end.x - CX) * LABEL_AT;
        const ly = CY + (end.y - CY) * LABEL_AT;
        return (
          <g key={axis}>
            <line x1={CX} y1={CY} x2={end.x} y2={end.y} stroke={token.colorBorder} strokeWidth={1} />
            <text
              x={lx}
              y={ly}
              textAnchor={Math.abs(lx - CX) < 1 ? 'middle' : lx > CX ? 'start' : 'end'}
              dominantBaseline="middle"
              fontSize={12}
              fill={token.colorTextSecondary}
            >
              {t(`analyses.radar.axes.${axis}`)}
            </text>
          </g>
        );
      })}
      {series.map((s, i) => {
        const color = colors[i % colors.length]!;
        return (
          <polygon key={s.id} points={polygon(RADAR_AXES.map((axis) => s.values[axis]))} fill={color} fillOpacity={0.15} stroke={color} strokeWidth={2}>
            <title>{s.name}</title>
          </polygon>
        );
      })}
    </svg>
  );
}

/** The legend of a radar: a colour per attendant. */
export function RadarLegend({ series, colors }: { series: readonly RadarSeries[]; colors: readonly string[] }) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 16, justifyContent: 'center' }}>
      {series.map((s, i) => (
        <li key={s.id} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <span aria-hidden style={{ width: 12, height: 12, borderRadius: 2, background: colors[i % colors.length] }} />
          <Typography.Text>{s.name}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
