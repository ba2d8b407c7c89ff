import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Col, Flex, Row, Spin, theme, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthContext';
import NoPermission from '../../components/NoPermission';
import { PageLoading } from '../../components/PageLoading';
import { canSee } from '../../permissions';
import { HorizontalBars } from './ChartBars';
import { attendantStatus, formatDuration, onlineShare } from './dashboardRules';
import { liveQueue, REALTIME_LIMITS, realtimeAlerts, formatWait } from './realtimeRules';
import { useRealtimeMetrics } from './useRealtimeMetrics';
import { ViewCard } from './ViewCard';
import type { DashboardFormat } from './useDashboardFormat';

function Counter({ label, value, accent, hint }: { label: string; value: string; accent: string; hint?: string }) {
  return (
    <Card size="small" style={{ height: '100%', borderInlineStart: `4px solid ${accent}` }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div style={{ fontSize: 28, fontWeight: 600, lineHeight: 1.4 }} aria-label={`${label}: ${value}`}>
        {value}
      </div>
      {hint && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      )}
    </Card>
  );
}

/** A clock that ticks every second while mounted (waits grow as time passes). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/**
 * Real-time metrics (spec 002 §2): the tickets waiting and in service now, the attendants online (and how many
 * of them busy), the longest wait and the queues' load with the real-time alerts, and today's figures; kept live
 * from the company's events.
 */
export function RealtimeTab({ format }: { format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const { user } = useAuth();
  const panel = canSee(user, 'realTimePanel');
  const showAll = canSee(user, 'showAllTickets');
  const live = useRealtimeMetrics({ panel, showAll });
  const now = useNow();
  const queue = useMemo(() => (live.tickets ? liveQueue(live.tickets, now) : null), [live.tickets, now]);
  const alerts = queue ? realtimeAlerts(queue) : [];

  if (live.denied) return <NoPermission />;
  if (!live.today) return <PageLoading />;

  const today = live.today;
  const presence = onlineShare(today.attendants);
  // Busy counts today's open tickets: the figures here are today's.
  const busy = today.attendants.filter((a) => attendantStatus(a) === 'busy').length;
  // Without the real-time panel: today's tickets that are waiting and in service.
  const pending = queue ? queue.pending : today.counters.supportPending;
  const open = queue ? queue.open : today.counters.supportHappening;
  const waitCritical = queue?.longestWaitSeconds != null && queue.longestWaitSeconds > REALTIME_LIMITS.waitSeconds;
  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Flex wrap gap={12} align="center">
          <Badge status={live.connected ? 'processing' : 'default'} text={live.connected ? t('realtime.live') : t('realtime.offline')} />
          <Typography.Text type="secondary" aria-live="polite">
            {live.updatedAt ? t('realtime.updatedAt', { time: format.time(live.updatedAt) }) : ''}
          </Typography.Text>
        </Flex>
        <Button icon={<ReloadOutlined />} onClick={live.reload} loading={live.loading}>
          {t('refresh')}
        </Button>
      </Flex>
      {!panel && <Alert type="info" showIcon title={t('realtime.todayOnly')} />}
      {alerts.map((a) => (
        <Alert
          key={a.id}
          type={a.kind === 'wait' ? 'error' : 'warning'}
          showIcon
          title={
            a.kind === 'wait'
              ? t('realtime.alerts.wait', { time: formatWait(a.seconds), limit: REALTIME_LIMITS.waitSeconds })
              : t('realtime.alerts.queue', { queue: a.queue.name ?? t('realtime.noQueue'), count: a.queue.pending, limit: REALTIME_LIMITS.queuePending })
          }
        />
      ))}
      <Spin spinning={live.loading} delay={300}>
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]}>
            <Col xs={12} lg={6}>
              <Counter label={panel ? t('realtime.pending') : t('realtime.pendingToday')} value={format.count(pending)} accent={token.colorWarning} />
            </Col>
            <Col xs={12} lg={6}>
              <Counter label={panel ? t('realtime.open') : t('realtime.openToday')} value={format.count(open)} accent={token.colorPrimary} />
            </Col>
            <Col xs={12} lg={6}>
              <Counter
                label={t('realtime.online')}
                value={`${format.count(presence.online)}/${format.count(presence.total)}`}
                accent={token.colorSuccess}
                hint={presence.percent === null ? undefined : `${format.percent(presence.percent)} · ${t('realtime.busy', { count: busy })}`}
              />
            </Col>
            <Col xs={12} lg={6}>
              <Counter
                label={t('realtime.longestWait')}
                value={queue?.longestWaitSeconds != null ? formatWait(queue.longestWaitSeconds) : '—'}
                accent={waitCritical ? token.colorError : token.colorInfo}
                hint={waitCritical ? t('realtime.critical') : undefined}
              />
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <ViewCard title={t('realtime.queues')}>
                {queue && queue.byQueue.length ? (
                  <HorizontalBars
                    bars={queue.byQueue.map((q) => ({ key: q.key, label: q.name ?? t('realtime.noQueue'), total: q.pending }))}
                    label={t('realtime.queues')}
                    value={format.count}
                    color={token.colorWarning}
                  />
                ) : (
                  <Typography.Text type="secondary">{queue ? t('realtime.noPending') : t('realtime.queuesUnavailable')}</Typography.Text>
                )}
              </ViewCard>
            </Col>
            <Col xs={24} xl={12}>
              <ViewCard title={t('realtime.today')}>
                <Flex vertical gap={8}>
                  {[
                    { key: 'tickets', value: format.count(today.counters.tickets) },
                    { key: 'finished', value: format.count(today.counters.supportFinished) },
                    { key: 'avgWaitTime', value: formatDuration(today.counters.avgWaitTime) },
                    { key: 'avgSupportTime', value: formatDuration(today.counters.avgSupportTime) },
                    { key: 'messagesReceived', value: format.count(today.counters.messagesReceived) },
                  ].map((f) => (
                    <Flex key={f.key} justify="space-between" gap={8}>
                      <Typography.Text>{t(`realtime.todayFigures.${f.key}`)}</Typography.Text>
                      <Typography.Text strong>{f.value}</Typography.Text>
                    </Flex>
                  ))}
                </Flex>
              </ViewCard>
            </Col>
          </Row>
        </Flex>
      </Spin>
    </Flex>
  );
}
