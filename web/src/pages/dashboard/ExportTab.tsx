import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Checkbox, Col, Flex, Radio, Row, Spin, Tooltip, Typography } from 'antd';
import { ClockCircleOutlined, DownloadOutlined, FileExcelOutlined, FileOutlined, FilePdfOutlined, MailOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import NoPermission from '../../components/NoPermission';
import { toastError, toastSuccess } from '../../errors/toast';
import { xlsxBlob } from '../reports/xlsxWriter';
import {
  chartsFit,
  DEFAULT_EXPORT_METRICS,
  EXPORT_FORMATS,
  EXPORT_METRICS,
  pdfSections,
  reportCsv,
  reportFileName,
  reportMeta,
  reportSections,
  reportXlsxRows,
  shownPeriod,
  type ExportFormat,
  type ExportMetric,
  type ReportInput,
} from './exportRules';
import { DEFAULT_RANGE, previousPeriod, rangePeriod, type RangeChoice } from './rangeRules';
import { RangeSelect } from './RangeSelect';
import { alertTexts } from './SmartAlerts';
import { useRangeDashboard, type RangeFigures } from './useRangeDashboard';
import { ViewCard } from './ViewCard';
import type { DashboardFormat } from './useDashboardFormat';

/** Saves a file the browser downloads. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const FORMAT_ICONS: Record<ExportFormat, ReactNode> = { pdf: <FilePdfOutlined />, xlsx: <FileExcelOutlined />, csv: <FileOutlined /> };

/**
 * The report export (spec 002 §2 "Report export screen"): the chosen period's figures (GET /dashboard, the
 * previous period for the trends and GET /dashboard/ticketsDay for the charts) written as a PDF, Excel or CSV
 * file with the chosen metrics, made in the browser and downloaded.
 */
export function ExportTab({ format, minGeneratingMs = 0 }: { format: DashboardFormat; /** How long generating takes at least. */ minGeneratingMs?: number }) {
  const { t } = useTranslation('dashboard');
  const [choice, setChoice] = useState<RangeChoice>(DEFAULT_RANGE);
  const period = useMemo(() => rangePeriod(choice), [choice]);
  const state = useRangeDashboard(period, { previous: true, perDay: true });
  const [fileFormat, setFileFormat] = useState<ExportFormat>('pdf');
  const [metrics, setMetrics] = useState<ExportMetric[]>([...DEFAULT_EXPORT_METRICS]);
  const [charts, setCharts] = useState(true);
  const [generating, setGenerating] = useState(false);
  const figures = state.figures;
  // The figures on screen are those of the period chosen (not one still loading).
  const current = figures && figures.period.initialDate === period.initialDate && figures.period.finalDate === period.finalDate ? figures : null;

  if (state.denied) return <NoPermission />;
  if (!figures) {
    return (
      <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: 240 }} role="status">
        <Spin size="large" />
        <Typography.Text type="secondary">{t('export.loading')}</Typography.Text>
      </Flex>
    );
  }

  const generate = async (kind: ExportFormat) => {
    if (!current) {
      toastError(t('export.noData'));
      return;
    }
    setGenerating(true);
    try {
      if (minGeneratingMs > 0) await new Promise((resolve) => window.setTimeout(resolve, minGeneratingMs));
      await writeReport(current, kind, metrics, charts && chartsFit(kind));
    } catch (err) {
      // Spec 002 §8: a report that fails to generate is only logged, the user gets no toast.
      console.error('dashboard report generation failed', err);
    } finally {
      setGenerating(false);
    }
  };

  const writeReport = async (shown: RangeFigures, kind: ExportFormat, chosen: readonly ExportMetric[], withCharts: boolean) => {
    const input: ReportInput = {
      period: shown.period,
      previousPeriod: previousPeriod(shown.period),
      data: shown.data,
      previous: shown.previous,
      perDay: shown.perDay,
      generatedAt: new Date(),
    };
    const translate = (key: string, options?: Record<string, unknown>) => t(key, options ?? {}) as string;
    const sections = reportSections(input, { metrics: chosen, charts: withCharts }, { t: translate, alertText: (a) => alertTexts(a, t, format) });
    const meta = reportMeta(input, translate);
    const name = reportFileName(kind, input.generatedAt);
    if (kind === 'csv') {
      // A byte order mark: spreadsheet programs then read the accents as UTF-8.
      saveFile(new Blob(['\ufeff', reportCsv(meta, sections)], { type: 'text/csv;charset=utf-8' }), name);
    } else if (kind === 'xlsx') {
      saveFile(xlsxBlob(reportXlsxRows(meta, sections), { sheetName: t('export.sheet') }), name);
    } else {
      const { downloadReportPdf } = await import('./exportPdf');
      await downloadReportPdf(meta, pdfSections(sections, translate), name, {
        number: format.decimal,
        pageLabel: (page, total) => t('export.page', { page, total }),
      });
    }
    toastSuccess(t('export.done', { name }));
  };

  const busy = generating || state.loading;
  const none = metrics.length === 0;
  const shown = shownPeriod(figures.period);
  const withCharts = charts && chartsFit(fileFormat);
  return (
    <Flex vertical gap={16}>
      <RangeSelect value={choice} onChange={setChoice} period={figures.period} loading={state.loading} onReload={state.reload} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <ViewCard title={t('export.title')}>
            <Flex vertical gap={20}>
              <Flex vertical gap={8}>
                <Typography.Text strong>{t('export.quick')}</Typography.Text>
                <Flex wrap gap={8}>
                  {EXPORT_FORMATS.map((kind) => (
                    <Button
                      key={kind}
                      icon={FORMAT_ICONS[kind]}
                      disabled={busy || none}
                      onClick={() => {
                        setFileFormat(kind);
                        void generate(kind);
                      }}
                    >
                      {t(`export.formats.${kind}`)}
                    </Button>
                  ))}
                </Flex>
              </Flex>
              <Flex vertical gap={8}>
                <Typography.Text strong id="export-format">
                  {t('export.format')}
                </Typography.Text>
                <Radio.Group
                  aria-labelledby="export-format"
                  value={fileFormat}
                  onChange={(e) => setFileFormat(e.target.value as ExportFormat)}
                  optionType="button"
                  options={EXPORT_FORMATS.map((kind) => ({ value: kind, label: t(`export.formats.${kind}`) }))}
                />
              </Flex>
              <Flex vertical gap={8}>
                <Typography.Text strong id="export-metrics">
                  {t('export.metricsTitle')}
                </Typography.Text>
                <Checkbox.Group<ExportMetric> aria-labelledby="export-metrics" value={metrics} onChange={setMetrics} style={{ width: '100%' }}>
                  <Row gutter={[8, 8]} style={{ width: '100%' }}>
                    {EXPORT_METRICS.map((metric) => (
                      <Col key={metric} xs={24} sm={12} lg={8}>
                        <Checkbox value={metric}>{t(`export.metrics.${metric}`)}</Checkbox>
                      </Col>
                    ))}
                  </Row>
                </Checkbox.Group>
                {none && <Typography.Text type="danger">{t('export.noMetrics')}</Typography.Text>}
              </Flex>
              <Checkbox checked={charts} onChange={(e) => setCharts(e.target.checked)}>
                {t('export.charts')}
              </Checkbox>
              <Flex wrap gap={8}>
                <Button type="primary" icon={<DownloadOutlined />} disabled={busy || none} onClick={() => void generate(fileFormat)}>
                  {generating ? t('export.generating') : t('export.submit')}
                </Button>
                {(
                  [
                    ['schedule', <ClockCircleOutlined key="i" />],
                    ['email', <MailOutlined key="i" />],
                    ['share', <ShareAltOutlined key="i" />],
                  ] as const
                ).map(([key, icon]) => (
                  <Tooltip key={key} title={t('export.unavailable')}>
                    {/* a disabled button gets no pointer events: the span carries the tooltip */}
                    <span>
                      <Button icon={icon} disabled>
                        {t(`export.placeholders.${key}`)}
                      </Button>
                    </span>
                  </Tooltip>
                ))}
              </Flex>
            </Flex>
          </ViewCard>
        </Col>
        <Col xs={24} xl={9}>
          <Card size="small" title={t('export.preview.title')} style={{ height: '100%' }}>
            <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '8px 16px' }}>
              {[
                { key: 'format', label: t('export.preview.format'), value: t(`export.formats.${fileFormat}`) },
                { key: 'period', label: t('export.preview.period'), value: t('range.span', shown) },
                { key: 'metrics', label: t('export.preview.metrics'), value: t('export.preview.metricCount', { count: metrics.length }) },
                {
                  key: 'charts',
                  label: t('export.preview.charts'),
                  value: withCharts ? t('export.preview.yes') : charts ? t('export.preview.notInCsv') : t('export.preview.no'),
                },
              ].map((item) => (
                <Fragment key={item.key}>
                  <dt>
                    <Typography.Text type="secondary">{item.label}</Typography.Text>
                  </dt>
                  <dd style={{ margin: 0 }}>
                    <Typography.Text strong>{item.value}</Typography.Text>
                  </dd>
                </Fragment>
              ))}
            </dl>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
