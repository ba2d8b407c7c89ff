import type { ReactNode } from 'react';
import { Card, Col, Flex, Progress, Row, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardCounters } from '@atende/kit/contracts';
import { ALERT_LIMITS } from './dashboardAlerts';
import type { DashboardFormat } from './useDashboardFormat';

type Props = { counters: DashboardCounters; format: DashboardFormat };

function ShareBar({ label, percent, color, format }: { label: string; percent: number; color: string; format: DashboardFormat }) {
  return (
    <div>
      <Typography.Text>{label}</Typography.Text>
      {/* status normal: a full bar keeps its colour and its figure (no success tick) */}
      <Progress
        percent={percent}
        status="normal"
        strokeColor={color}
        format={(p) => format.percent(p ?? 0)}
        aria-label={`${label}: ${format.percent(percent)}`}
      />
    </div>
  );
}

/** A card of the row, titled, as tall as its neighbours. */
function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      size="small"
      style={{ height: '100%' }}
    >
      {children}
    </Card>
  );
}

/**
 * Pesquisa de satisfação (NPS score and the promoters, passives and detractors shares), Atendimentos (how the
 * period's tickets stand on rating) and Índice de avaliação (the share of finished tickets that were rated).
 */
export function SatisfactionCards({ counters, format }: Props) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const ratings = counters.promoters + counters.passives + counters.detractors;
  // The same line the NPS alert draws: at the limit or above is good, under zero is bad.
  const scoreColor =
    ratings === 0
      ? token.colorTextSecondary
      : counters.npsScore >= ALERT_LIMITS.nps
        ? token.colorSuccess
        : counters.npsScore >= 0
          ? token.colorWarning
          : token.colorError;
  const rows = [
    { key: 'total', value: counters.tickets },
    { key: 'waitRating', value: counters.waitRating },
    { key: 'withoutRating', value: counters.withoutRating },
    { key: 'withRating', value: counters.withRating },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <SectionCard title={t('satisfaction.title')}>
          <Flex align="baseline" gap={8} wrap>
            <Typography.Text type="secondary">{t('satisfaction.score')}</Typography.Text>
            <span style={{ fontSize: 32, fontWeight: 600, color: scoreColor }}>{format.decimal(counters.npsScore)}</span>
            <Typography.Text type="secondary">{t('satisfaction.ratings', { count: ratings })}</Typography.Text>
          </Flex>
          <Flex vertical gap={4}>
            <ShareBar label={t('satisfaction.promoters')} percent={counters.npsPromotersPerc} color={token.colorSuccess} format={format} />
            <ShareBar label={t('satisfaction.passives')} percent={counters.npsPassivePerc} color={token.colorWarning} format={format} />
            <ShareBar label={t('satisfaction.detractors')} percent={counters.npsDetractorsPerc} color={token.colorError} format={format} />
          </Flex>
        </SectionCard>
      </Col>
      <Col xs={24} md={12} lg={7}>
        <SectionCard title={t('tickets.title')}>
          <Flex vertical gap={12}>
            {rows.map((r) => (
              <Flex key={r.key} justify="space-between" align="baseline" gap={8}>
                <Typography.Text>{t(`tickets.${r.key}`)}</Typography.Text>
                <Typography.Text strong style={{ fontSize: 20 }}>
                  {format.count(r.value)}
                </Typography.Text>
              </Flex>
            ))}
          </Flex>
        </SectionCard>
      </Col>
      <Col xs={24} md={12} lg={7}>
        <SectionCard title={t('ratingIndex.title')}>
          <span style={{ fontSize: 32, fontWeight: 600 }}>{format.percent(counters.percRating)}</span>
          <Progress
            percent={counters.percRating}
            status="normal"
            showInfo={false}
            size={{ height: 14 }}
            strokeColor={token.colorPrimary}
            aria-label={`${t('ratingIndex.title')}: ${format.percent(counters.percRating)}`}
          />
          <Typography.Text type="secondary">
            {t('ratingIndex.detail', { rated: format.count(counters.withRating), total: format.count(counters.withRating + counters.withoutRating) })}
          </Typography.Text>
        </SectionCard>
      </Col>
    </Row>
  );
}
