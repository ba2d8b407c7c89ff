import { useState } from 'react';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../errors/toast';
import { ALERT_LIMITS, type AlertSeverity, type DashboardAlert } from './dashboardAlerts';
import { formatDuration } from './dashboardRules';
import type { DashboardFormat } from './useDashboardFormat';

const alertType: Record<AlertSeverity, 'error' | 'warning' | 'success'> = { high: 'error', medium: 'warning', success: 'success' };

/** An alert's title and its details, the figures in the current language. */
export function alertTexts(alert: DashboardAlert, t: TFunction<'dashboard'>, format: DashboardFormat): { title: string; details: string } {
  switch (alert.kind) {
    case 'pending':
      return {
        title: t('alerts.pending.title', { pending: format.count(alert.pending) }),
        details: t('alerts.pending.details', { limit: ALERT_LIMITS.pending }),
      };
    case 'supportTime':
      return {
        title: t('alerts.supportTime.title', { time: formatDuration(alert.minutes) }),
        details: t('alerts.supportTime.details', { limit: ALERT_LIMITS.supportMinutes }),
      };
    case 'nps':
      return {
        title: t('alerts.nps.title', { score: format.decimal(alert.score) }),
        details: t('alerts.nps.details', { limit: ALERT_LIMITS.nps, ratings: alert.ratings }),
      };
    case 'online':
      return {
        title: t('alerts.online.title', { percent: format.percent(alert.percent) }),
        details: t('alerts.online.details', { online: alert.online, total: alert.total, limit: ALERT_LIMITS.onlinePercent }),
      };
    case 'attendantRating':
      return {
        title: t('alerts.attendantRating.title', { name: alert.name, rating: format.decimal(alert.rating) }),
        details: t('alerts.attendantRating.details', {
          name: alert.name,
          limit: format.decimal(ALERT_LIMITS.attendantRating),
          ratings: alert.ratings,
          tickets: alert.tickets,
        }),
      };
    case 'resolution':
      return {
        title: t('alerts.resolution.title', { percent: format.percent(alert.percent) }),
        details: t('alerts.resolution.details', { limit: ALERT_LIMITS.resolutionPercent }),
      };
  }
}

type Props = {
  alerts: DashboardAlert[];
  format: DashboardFormat;
  /** The alerts dismissed, when the page keeps them (shared by the places that show the alerts). */
  dismissed?: ReadonlySet<string>;
  onDismiss?(id: string): void;
};

/**
 * Smart alerts (spec 002 §2): each can be expanded for its details or dismissed; a dismissed alert stays
 * hidden while the dashboard is open, also after the figures reload. An alert's action button only confirms.
 */
export function SmartAlerts({ alerts, format, dismissed: kept, onDismiss }: Props) {
  const { t } = useTranslation('dashboard');
  const [own, setOwn] = useState<ReadonlySet<string>>(new Set());
  const dismissed = kept ?? own;
  const dismiss = onDismiss ?? ((id: string) => setOwn((current) => new Set(current).add(id)));
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const visible = alerts.filter((a) => !dismissed.has(a.id));
  if (!visible.length) return null;

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section aria-labelledby="dashboard-alerts">
      <Typography.Title level={4} id="dashboard-alerts">
        {t('alerts.title')} ({visible.length})
      </Typography.Title>
      <Flex vertical gap={8}>
        {visible.map((alert) => {
          const texts = alertTexts(alert, t, format);
          const open = expanded.has(alert.id);
          return (
            <Alert
              key={alert.id}
              type={alertType[alert.severity]}
              showIcon
              title={
                <Flex wrap gap={8} align="center">
                  <Typography.Text strong>{texts.title}</Typography.Text>
                  <Tag color={alertType[alert.severity]}>{t(`alerts.severity.${alert.severity}`)}</Tag>
                </Flex>
              }
              description={open ? texts.details : undefined}
              action={
                <Flex wrap gap={4} justify="flex-end">
                  <Button size="small" type="link" aria-expanded={open} onClick={() => toggle(alert.id)}>
                    {open ? t('alerts.hideDetails') : t('alerts.details')}
                  </Button>
                  <Button size="small" onClick={() => toastSuccess(t('alerts.actionDone', { action: t(`alerts.actions.${alert.kind}`) }))}>
                    {t(`alerts.actions.${alert.kind}`)}
                  </Button>
                </Flex>
              }
              closable={{ 'aria-label': t('alerts.dismiss'), onClose: () => dismiss(alert.id) }}
            />
          );
        })}
      </Flex>
    </section>
  );
}
