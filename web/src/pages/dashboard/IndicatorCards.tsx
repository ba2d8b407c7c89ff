import { Card, Col, Flex, Row, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardCounters } from '@atende/kit/contracts';
import { formatDuration, INDICATOR_SECTIONS, type IndicatorFigure } from './dashboardRules';
import type { DashboardFormat } from './useDashboardFormat';

/** One figure: its label above, its value below, an accent on the side. */
function Figure({ label, value, accent }: { label: string; value: string; accent: string }) {
  return (
    <Card size="small" style={{ height: '100%', borderInlineStart: `4px solid ${accent}` }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div style={{ fontSize: 24, fontWeight: 600, lineHeight: 1.4 }}>{value}</div>
    </Card>
  );
}

/**
 * Indicadores and Métricas Detalhadas (spec 002 §2): where the period's tickets stand and the average times,
 * then the messages, the connections and the conversion rate.
 */
export function IndicatorCards({ counters, format }: { counters: DashboardCounters; format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const accents: Record<string, string> = {
    happening: token.colorPrimary,
    pending: token.colorWarning,
    finished: token.colorSuccess,
    leads: token.colorInfo,
    avgWaitTime: token.colorWarning,
    avgSupportTime: token.colorInfo,
    activeConnections: token.colorSuccess,
    conversionRate: token.colorSuccess,
  };
  const shown = (figure: IndicatorFigure) => {
    const value = counters[figure.counter] ?? 0;
    if (figure.kind === 'duration') return formatDuration(value);
    return figure.kind === 'percent' ? format.percent(value) : format.count(value);
  };
  return (
    <Flex vertical gap={24}>
      {INDICATOR_SECTIONS.map((section) => (
        <section key={section.key} aria-labelledby={`dashboard-${section.key}`}>
          <Typography.Title level={4} id={`dashboard-${section.key}`}>
            {t(`${section.key}.title`)}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {section.figures.map((f) => (
              <Col key={f.label} xs={12} md={8} lg={6} xxl={4}>
                <Figure label={t(`indicators.${f.label}`)} value={shown(f)} accent={accents[f.label] ?? token.colorPrimary} />
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </Flex>
  );
}
