import '../connections/connectionsLocales';
import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Space, Typography, Upload, type UploadFile } from 'antd';
import { SendOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sendApiMessage } from '../../api/channels';
import { useAuth } from '../../auth/AuthContext';
import NoPermission from '../../components/NoPermission';
import { PageLoading } from '../../components/PageLoading';
import { toastSuccess } from '../../errors/toast';
import { useRefusedRedirect } from '../../hooks/useRefusedRedirect';
import { useShellData } from '../../hooks/useShellData';
import { isAdmin, planAllows } from '../../permissions';
import { apiEndpoint, describeAnswer, jsonCurl, jsonExample, multipartCurl, testFormProblems, type TestForm, type TestKind } from './messagesApiRules';

/** '/messages-api' (spec 001 §2 Messages API page): admins whose plan has useExternalApi. */
export default function MessagesApiPage() {
  const { t } = useTranslation('connections');
  const { user } = useAuth();
  const { plan, ready } = useShellData();
  const admin = isAdmin(user);
  const planRefused = admin && ready && !planAllows(plan, 'useExternalApi');

  useRefusedRedirect(planRefused, t('api.planRefused'));

  if (!admin) return <NoPermission />;
  if (!ready) return <PageLoading />;
  if (planRefused) return <NoPermission backTo="/" description={t('api.planRefused')} />;
  return <MessagesApiScreen />;
}

type FormValues = { token: string; number: string; body: string };

/**
 * One test form of the page (spec 001 §2, §5): a text message, or a media message (a file and its
 * caption). The answer shows below it; an accepted message also says so in a toast (spec 001 §8).
 */
function TestCard({ kind }: { kind: TestKind }) {
  const { t } = useTranslation('connections');
  const [form] = Form.useForm<FormValues>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [mediaError, setMediaError] = useState(false);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const media = kind === 'media';

  const probeOf = (values: Partial<FormValues>, hasFile: boolean): TestForm => ({
    token: values.token ?? '',
    number: values.number ?? '',
    body: values.body ?? '',
    hasFile,
    kind,
  });

  const rule = (field: keyof FormValues) => ({
    validator: async () => {
      const problem = testFormProblems(probeOf(form.getFieldsValue(true) as FormValues, files.length > 0))[field];
      if (problem) throw new Error(t(`api.problems.${problem}`));
    },
  });

  const send = async (values: FormValues) => {
    const file = media ? ((files[0]?.originFileObj as File | undefined) ?? null) : null;
    const probe = probeOf(values, !!file);
    const problems = testFormProblems(probe);
    setMediaError(!!problems.media);
    if (Object.keys(problems).length) return;
    setSending(true);
    setAnswer(null);
    try {
      const result = await sendApiMessage(probe.token.trim(), { number: probe.number.trim(), body: probe.body }, file);
      const shown = describeAnswer(result.status, result.data);
      setAnswer(shown);
      if (shown.ok) toastSuccess(t('api.sentToast'), { form: true });
    } catch (err) {
      // No answer at all (network): the error's text is what there is to show.
      setAnswer({ ok: false, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title={media ? t('api.mediaTestTitle') : t('api.textTestTitle')} size="small" data-testid={`messages-api-${kind}-test`}>
      <Form<FormValues> form={form} layout="vertical" name={`messages-api-${kind}-test`} onFinish={(v) => void send(v)} onFinishFailed={() => setMediaError(media && files.length === 0)} initialValues={{ token: '', number: '', body: '' }}>
        <Form.Item name="token" label={t('api.token')} tooltip={t('api.tokenHint')} required rules={[rule('token')]}>
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Form.Item name="number" label={t('api.number')} extra={t('api.numberHint')} required rules={[rule('number')]}>
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item name="body" label={media ? t('api.caption') : t('api.body')} required rules={[rule('body')]}>
          <Input.TextArea autoSize={{ minRows: media ? 2 : 3, maxRows: 8 }} />
        </Form.Item>
        {media && (
          <Form.Item label={t('api.file')} required validateStatus={mediaError ? 'error' : undefined} help={mediaError ? t('api.problems.mediaRequired') : undefined}>
            <Upload
              fileList={files}
              maxCount={1}
              beforeUpload={() => false}
              onChange={({ fileList }) => {
                setFiles(fileList.slice(-1));
                if (fileList.length) setMediaError(false);
              }}
            >
              <Button icon={<UploadOutlined />}>{t('api.chooseFile')}</Button>
            </Upload>
          </Form.Item>
        )}
        <Space>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending}>
            {t('api.send')}
          </Button>
        </Space>
      </Form>
      {answer && (
        <Alert
          style={{ marginTop: 16 }}
          type={answer.ok ? 'success' : 'error'}
          title={answer.ok ? t('api.sent') : t('api.failed')}
          description={<pre style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="messages-api-answer">{answer.text}</pre>}
        />
      )}
    </Card>
  );
}

function MessagesApiScreen() {
  const { t } = useTranslation('connections');
  const endpoint = apiEndpoint(window.location.origin);
  const examples = { body: t('api.exampleBody'), caption: t('api.exampleCaption'), file: t('api.exampleFile') };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('api.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('api.intro')}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={13}>
          <Card title={t('api.docsTitle')} size="small">
            <Typography.Paragraph>
              <Typography.Text strong>{t('api.endpoint')}: </Typography.Text>
              <Typography.Text code copyable data-testid="messages-api-endpoint">
                POST {endpoint}
              </Typography.Text>
            </Typography.Paragraph>
            <Typography.Paragraph>{t('api.auth')}</Typography.Paragraph>
            <Typography.Paragraph>
              <Typography.Text strong>{t('api.fields')}</Typography.Text>
            </Typography.Paragraph>
            <ul>
              {(Object.keys(jsonExample) as (keyof typeof jsonExample)[]).map((key) => (
                <li key={key}>
                  <Typography.Text code>{key}</Typography.Text> — {t(`api.field.${key}`)}
                </li>
              ))}
              <li>
                <Typography.Text code>medias</Typography.Text> — {t('api.field.medias')}
              </li>
            </ul>
            <Typography.Text strong>{t('api.jsonExample')}</Typography.Text>
            <Typography.Paragraph copyable={{ text: jsonCurl(endpoint, examples) }}>
              <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{jsonCurl(endpoint, examples)}</pre>
            </Typography.Paragraph>
            <Typography.Text strong>{t('api.multipartExample')}</Typography.Text>
            <Typography.Paragraph copyable={{ text: multipartCurl(endpoint, examples) }}>
              <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{multipartCurl(endpoint, examples)}</pre>
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={11}>
          <Flex vertical gap={16}>
            <TestCard kind="text" />
            <TestCard kind="media" />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
