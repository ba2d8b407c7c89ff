import { Card, Col, Row, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardCounters } from '@atende/kit/contracts';
import { formatDuration } from './dashboardRules';
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

/** Indicadores (spec 002 §2): where the period's tickets stand, the contacts and messages, the connections, rates and times. */
export function IndicatorCards({ counters, format }: { counters: DashboardCounters; format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const figures = [
    { key: 'happening', value: format.count(counters.supportHappening), accent: token.colorPrimary },
    { key: 'pending', value: format.count(counters.supportPending), accent: token.colorWarning },
    { key: 'finished', value: format.count(counters.supportFinished), accent: token.colorSuccess },
    { key: 'leads', value: format.count(counters.leads), accent: token.colorInfo },
    { key: 'messagesReceived', value: format.count(counters.messagesReceived), accent: token.colorPrimary },
    { key: 'messagesSent', value: format.count(counters.messagesSent), accent: token.colorPrimary },
    { key: 'activeConnections', value: format.count(counters.activeConnections), accent: token.colorSuccess },
    { key: 'conversionRate', value: format.percent(counters.conversionRate), accent: token.colorSuccess },
    { key: 'avgWaitTime', value: formatDuration(counters.avgWaitTime), accent: token.colorWarning },
    { key: 'avgSupportTime', value: formatDuration(counters.avgSupportTime), accent: token.colorInfo },
  ];
  return (
    <section aria-labelledby="dashboard-indicators">
      <Typography.Title level={4} id="dashboard-indicators">
        {t('indicators.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {figures.map((f) => (
          <Col key={f.key} xs={12} md={8} lg={6} xxl={4}>
            <Figure label={t(`indicators.${f.key}`)} value={f.value} accent={f.accent} />
          </Col>
        ))}
      </Row>
    </section>
  );
}
