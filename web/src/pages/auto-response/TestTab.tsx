import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, Flex, Input, List, Row, Select, Space, Tag, Typography } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { testAutoResponse, type AutoResponseTestResult } from '../../api/autoResponses';
import { DEFAULT_TEST_INTERVAL, TEST_INTERVALS, pickSample, priorityOf, pushHistory, type TestEntry } from './autoResponseRules';
import { snackbarError } from './snackbar';

const CONFIDENCE_COLORS = { high: 'green', medium: 'gold', low: 'red' } as const;

/** The Test tab (spec 002 §4 "Auto-response tester"): a message tried against the rules (nothing counted), and an automatic run of sample messages. */
export function TestTab() {
  const { t } = useTranslation('autoResponses');
  const [message, setMessage] = useState('');
  const [testing, setTesting] = useState(false);
  const [last, setLast] = useState<TestEntry | null>(null);
  const [history, setHistory] = useState<TestEntry[]>([]);
  const [interval, setIntervalSeconds] = useState<number>(DEFAULT_TEST_INTERVAL);
  const [running, setRunning] = useState(false);
  const seq = useRef(0);
  const previousSample = useRef<string | null>(null);
  const samples = t('samples', { returnObjects: true }) as unknown;
  const sampleList = Array.isArray(samples) ? (samples as string[]) : [];
  const sampleRef = useRef(sampleList);
  sampleRef.current = sampleList;

  const run = async (text: string, kind: TestEntry['kind']): Promise<void> => {
    const base = { id: ++seq.current, kind, message: text, at: new Date().toISOString() };
    let entry: TestEntry;
    try {
      entry = { ...base, result: await testAutoResponse(text), failed: false };
    } catch (err) {
      entry = { ...base, result: null, failed: true };
      if (kind === 'manual') snackbarError(t('errors.test'), err);
    }
    setLast(entry);
    setHistory((h) => pushHistory(h, entry));
  };

  const testNow = async () => {
    const text = message.trim();
    if (!text) return;
    setTesting(true);
    try {
      await run(text, 'manual');
    } finally {
      setTesting(false);
    }
  };

  // The automatic run: one random sample per interval while running (stops when the tab is left for another page).
  useEffect(() => {
    if (!running) return;
    const tick = () => {
      const sample = pickSample(sampleRef.current, previousSample.current);
      previousSample.current = sample;
      if (sample) void run(sample, 'automatic');
    };
    tick();
    const timer = window.setInterval(tick, interval * 1000);
    return () => window.clearInterval(timer);
    // `run` only reads refs and state setters: the timer restarts only when the run or its interval changes.
  }, [running, interval]);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Flex vertical gap={16}>
          <Card title={t('test.title')} size="small">
            <Flex vertical gap={8}>
              <Input.TextArea
                aria-label={t('test.message')}
                placeholder={t('test.placeholder')}
                value={message}
                maxLength={4096}
                autoSize={{ minRows: 2, maxRows: 6 }}
                onChange={(e) => setMessage(e.target.value)}
                onPressEnter={(e) => {
                  if (!e.shiftKey) {
                    e.preventDefault();
                    void testNow();
                  }
                }}
              />
              <Flex justify="end">
                <Button type="primary" icon={<SendOutlined />} loading={testing} disabled={!message.trim()} onClick={() => void testNow()}>
                  {t('buttons.test')}
                </Button>
              </Flex>
            </Flex>
          </Card>
          {last && <ResultCard entry={last} />}
        </Flex>
      </Col>
      <Col xs={24} lg={10}>
        <Flex vertical gap={16}>
          <Card title={t('test.auto')} size="small" extra={running ? <Tag color="processing">{t('test.running')}</Tag> : null}>
            <Flex vertical gap={8}>
              <Typography.Text type="secondary">{t('test.autoHint')}</Typography.Text>
              <Space wrap>
                <Typography.Text>{t('test.interval')}</Typography.Text>
                <Select
                  aria-label={t('test.interval')}
                  value={interval}
                  onChange={setIntervalSeconds}
                  style={{ width: 100 }}
                  options={TEST_INTERVALS.map((s) => ({ value: s, label: t('test.seconds', { count: s }) }))}
                />
                <Button
                  type={running ? 'default' : 'primary'}
                  danger={running}
                  icon={running ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
                  onClick={() => setRunning((r) => !r)}
                >
                  {t(running ? 'buttons.stop' : 'buttons.start')}
                </Button>
              </Space>
            </Flex>
          </Card>
          <Card title={t('test.history')} size="small" extra={history.length ? <Button size="small" type="link" onClick={() => setHistory([])}>{t('buttons.clear')}</Button> : null}>
            {history.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('test.historyEmpty')} />
            ) : (
              <List
                size="small"
                dataSource={history}
                style={{ maxHeight: 420, overflow: 'auto' }}
                renderItem={(entry) => (
                  <List.Item key={entry.id}>
                    <Flex vertical gap={2} style={{ width: '100%' }}>
                      <Space size={4} wrap>
                        <Tag>{t(entry.kind === 'manual' ? 'test.manual' : 'test.automatic')}</Tag>
                        <Typography.Text type="secondary">{dayjs(entry.at).format('HH:mm:ss')}</Typography.Text>
                        <OutcomeTag entry={entry} />
                      </Space>
                      <Typography.Text ellipsis>{entry.message}</Typography.Text>
                      {entry.result?.matched && <Typography.Text type="secondary">→ {entry.result.autoResponse?.name}</Typography.Text>}
                    </Flex>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Flex>
      </Col>
    </Row>
  );
}

function OutcomeTag({ entry }: { entry: TestEntry }) {
  const { t } = useTranslation('autoResponses');
  if (entry.failed || !entry.result) return <Tag color="error">{t('test.error')}</Tag>;
  if (!entry.result.matched) return <Tag>{t('test.notMatchedShort')}</Tag>;
  return <ConfidenceTag result={entry.result} />;
}

function ConfidenceTag({ result }: { result: AutoResponseTestResult }) {
  const { t } = useTranslation('autoResponses');
  return (
    <Tag color={CONFIDENCE_COLORS[result.confidenceLabel]}>
      {t('test.confidence')}: {t(`test.confidenceLabel.${result.confidenceLabel}`)} ({Math.round(result.confidence * 100)}%)
    </Tag>
  );
}

/** The last test's outcome: the rule, what would be sent, the confidence chip; an error chip when the request failed. */
function ResultCard({ entry }: { entry: TestEntry }) {
  const { t } = useTranslation('autoResponses');
  const result = entry.result;
  return (
    <Card title={t('test.result')} size="small" data-testid="auto-response-test-result">
      {entry.failed || !result ? (
        <Alert type="error" showIcon message={<Space><Tag color="error">{t('test.error')}</Tag>{t('errors.test')}</Space>} />
      ) : !result.matched ? (
        <Alert type="warning" showIcon message={t('test.notMatched')} description={entry.message} />
      ) : (
        <Flex vertical gap={12}>
          <Alert type="success" showIcon message={t('test.matched')} />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('test.rule')}>
              <Space wrap>
                <Typography.Text strong>{result.autoResponse?.name}</Typography.Text>
                {result.autoResponse && <Tag color={priorityOf(result.autoResponse.priority).color}>{t(`priority.${priorityOf(result.autoResponse.priority).key}`)}</Tag>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('test.keyword')}>
              {result.matchedKeyword} {result.matchType && <Typography.Text type="secondary">({t(`test.matchType.${result.matchType}`)})</Typography.Text>}
            </Descriptions.Item>
            <Descriptions.Item label={t('test.confidence')}>
              <ConfidenceTag result={result} />
            </Descriptions.Item>
            <Descriptions.Item label={t('test.response')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{result.response}</Typography.Paragraph>
              {!result.isActiveNow && <Tag style={{ marginTop: 8 }}>{t('test.outsideWindow')}</Tag>}
            </Descriptions.Item>
          </Descriptions>
        </Flex>
      )}
    </Card>
  );
}
