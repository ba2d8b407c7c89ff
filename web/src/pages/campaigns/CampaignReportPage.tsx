import './campaignsLocales';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Col, Flex, Progress, Row, Statistic, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { getCampaign, type Campaign, type CampaignDetail } from '../../api/campaigns';
import { LoadFailed } from '../../components/LoadFailed';
import { PageLoading } from '../../components/PageLoading';
import { toastError } from '../../errors/toast';
import { campaignReport, REPORT_FINAL_REFRESH_MS } from './campaignRules';
import { formatDateTime } from '../../format/dates';
import { STATUS_COLORS } from './CampaignsPage';
import { PlanGate } from './PlanGate';
import { useLiveRecords } from './useLiveRecords';

const LIVE_REREAD_MS = 1000;

/** '/campaign/:campaignId/report' (spec 002 §2): progress of one campaign, live. */
export default function CampaignReportPage() {
  const { t } = useTranslation('campaigns');
  return (
    <PlanGate flag="useCampaigns" adminOnly refusedText={t('planRefused')}>
      <CampaignReport />
    </PlanGate>
  );
}

function CampaignReport() {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const { campaignId } = useParams();
  const id = Number(campaignId);
  const [campaign, setCampaign] = useState<CampaignDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const refreshTimer = useRef<number | undefined>(undefined);

  const load = useCallback(async () => {
    if (!Number.isInteger(id) || id <= 0) {
      setFailed(true);
      return;
    }
    setFailed(false);
    try {
      setCampaign(await getCampaign(id));
    } catch (err) {
      setFailed(true);
      toastError(err);
    }
  }, [id]);

  useEffect(() => {
    void load();
    return () => window.clearTimeout(refreshTimer.current);
  }, [load]);

  // Live: the campaign's own fields come with the event; its counters are re-read (at most once a second),
  // and once FINALIZADA a last full re-read 5 s later (spec 002 §4).
  const liveTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(liveTimer.current), []);
  useLiveRecords<Campaign>('campaign', (event) => {
    if (event.action !== 'create' && event.action !== 'update') return;
    if (event.record.id !== id) return;
    setCampaign((current) => (current ? { ...current, ...event.record } : current));
    if (liveTimer.current === undefined) {
      liveTimer.current = window.setTimeout(() => {
        liveTimer.current = undefined;
        void load();
      }, LIVE_REREAD_MS);
    }
    if (event.record.status === 'FINALIZADA') {
      window.clearTimeout(refreshTimer.current);
      refreshTimer.current = window.setTimeout(() => void load(), REPORT_FINAL_REFRESH_MS);
    }
  });

  if (failed && !campaign) return <LoadFailed title={t('report.loadFailed')} retryLabel={t('retry')} onRetry={() => void load()} />;
  if (!campaign) return <PageLoading />;
  const figures = campaignReport(campaign.report);

  const card = (key: string, title: string, value: string | number) => (
    <Col xs={24} sm={12} lg={6} key={key}>
      <Card data-testid={`report-${key}`}>
        <Statistic title={title} value={value} />
      </Card>
    </Col>
  );

  return (
    <Flex vertical gap={16}>
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('report.title', { name: campaign.name })}
        </Typography.Title>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/campaigns')}>
          {t('buttons.back')}
        </Button>
      </Flex>
      <Flex align="center" gap={12} wrap>
        <Tag color={STATUS_COLORS[campaign.status]}>{t(`status.${campaign.status}`)}</Tag>
        <Typography.Text data-testid="report-status-line">
          {t('report.statusLine', { delivered: figures.delivered, valid: figures.validContacts })}
        </Typography.Text>
      </Flex>
      <Progress percent={figures.percent} />
      <Row gutter={[16, 16]}>
        {card('valid', t('report.valid'), figures.validContacts)}
        {campaign.confirmation && card('requested', t('report.confirmationRequested'), figures.confirmationRequested)}
        {campaign.confirmation && card('confirmed', t('report.confirmed'), figures.confirmed)}
        {card('delivered', t('report.delivered'), figures.delivered)}
        {card('whatsapp', t('report.whatsapp'), campaign.whatsapp?.name ?? '—')}
        {card('contactList', t('report.contactList'), campaign.contactList?.name ?? '—')}
        {card('scheduledAt', t('report.scheduledAt'), formatDateTime(campaign.scheduledAt) || '—')}
        {card('completedAt', t('report.completedAt'), formatDateTime(campaign.completedAt) || '—')}
      </Row>
    </Flex>
  );
}
