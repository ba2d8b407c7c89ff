import './campaignsLocales';
import { useEffect, useState } from 'react';
import { Button, Card, Col, Flex, Form, Input, Row, Select, Space, Switch, TimePicker, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { listCampaignSettings, saveCampaignSettings } from '../../api/campaigns';
import { PageLoading } from '../../components/PageLoading';
import { toastError, toastSuccess } from '../../errors/toast';
import {
  choicesWith,
  DEFAULT_CAMPAIGN_SETTINGS,
  formToSettings,
  GREATER_INTERVAL_CHOICES,
  LONGER_INTERVAL_AFTER_CHOICES,
  MESSAGE_INTERVAL_CHOICES,
  settingsToForm,
  type CampaignSettingsForm,
} from './campaignRules';
import { PlanGate } from './PlanGate';

type FormShape = Omit<CampaignSettingsForm, 'startHour' | 'endHour'> & { startHour: Dayjs; endHour: Dayjs };

const toForm = (s: CampaignSettingsForm): FormShape => ({ ...s, startHour: dayjs(s.startHour, 'HH:mm'), endHour: dayjs(s.endHour, 'HH:mm') });
const fromForm = (f: FormShape): CampaignSettingsForm =>
  formToSettings({
    ...f,
    startHour: f.startHour?.format('HH:mm') ?? DEFAULT_CAMPAIGN_SETTINGS.startHour,
    endHour: f.endHour?.format('HH:mm') ?? DEFAULT_CAMPAIGN_SETTINGS.endHour,
  });

/** '/campaigns-config' (spec 002 §2): the company's campaign settings. */
export default function CampaignSettingsPage() {
  const { t } = useTranslation('campaigns');
  return (
    <PlanGate flag="useCampaigns" adminOnly refusedText={t('planRefused')}>
      <CampaignSettingsScreen />
    </PlanGate>
  );
}

function CampaignSettingsScreen() {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const [form] = Form.useForm<FormShape>();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let active = true;
    listCampaignSettings()
      .then((list) => active && form.setFieldsValue(toForm(settingsToForm(list))))
      .catch((err: unknown) => {
        toastError(err);
        if (active) form.setFieldsValue(toForm(DEFAULT_CAMPAIGN_SETTINGS));
      })
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [form]);

  const save = async () => {
    setSaving(true);
    try {
      await saveCampaignSettings(fromForm(form.getFieldsValue(true) as FormShape));
      toastSuccess(t('settings.saved'));
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  // The stored values, so one outside the choices still shows as itself.
  const stored = {
    messageInterval: Form.useWatch('messageInterval', form),
    longerIntervalAfter: Form.useWatch('longerIntervalAfter', form),
    greaterInterval: Form.useWatch('greaterInterval', form),
  };
  const seconds = (choices: readonly number[], current: number | undefined) =>
    choicesWith(choices, current).map((v) => ({ value: v, label: v === 0 ? t('settings.noInterval') : t('settings.seconds', { count: v }) }));
  const messages = (choices: readonly number[], current: number | undefined) =>
    choicesWith(choices, current).map((v) => ({ value: v, label: v === 0 ? t('settings.notDefined') : t('settings.messages', { count: v }) }));

  return (
    <Flex vertical gap={16}>
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('settings.title')}
        </Typography.Title>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/campaigns')}>
          {t('buttons.back')}
        </Button>
      </Flex>
      {loading && <PageLoading />}
      <Form form={form} layout="vertical" name="campaign-settings" style={{ display: loading ? 'none' : undefined }} onFinish={() => void save()}>
        <Card title={t('settings.intervals')}>
          <Row gutter={12}>
            <Col xs={24} md={8}>
              <Form.Item name="messageInterval" label={t('settings.messageInterval')}>
                <Select options={seconds(MESSAGE_INTERVAL_CHOICES, stored.messageInterval)} aria-label={t('settings.messageInterval')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="longerIntervalAfter" label={t('settings.longerIntervalAfter')}>
                <Select options={messages(LONGER_INTERVAL_AFTER_CHOICES, stored.longerIntervalAfter)} aria-label={t('settings.longerIntervalAfter')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="greaterInterval" label={t('settings.greaterInterval')}>
                <Select options={seconds(GREATER_INTERVAL_CHOICES, stored.greaterInterval)} aria-label={t('settings.greaterInterval')} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="sabado" label={t('settings.sabado')} valuePropName="checked">
                <Switch aria-label={t('settings.sabado')} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="domingo" label={t('settings.domingo')} valuePropName="checked">
                <Switch aria-label={t('settings.domingo')} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="startHour" label={t('settings.startHour')}>
                <TimePicker format="HH:mm" allowClear={false} aria-label={t('settings.startHour')} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="endHour" label={t('settings.endHour')}>
                <TimePicker format="HH:mm" allowClear={false} aria-label={t('settings.endHour')} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t('settings.variables')} style={{ marginTop: 16 }}>
          <Form.List name="variables">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8}>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item
                      name={[field.name, 'key']}
                      rules={[{ required: true, whitespace: true, message: t('settings.keyRequired') }]}
                      style={{ marginBottom: 0 }}
                    >
                      <Input placeholder={t('settings.variableKey')} aria-label={t('settings.variableKey')} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} style={{ marginBottom: 0 }}>
                      <Input placeholder={t('settings.variableValue')} aria-label={t('settings.variableValue')} />
                    </Form.Item>
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('settings.removeVariable')} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ key: '', value: '' })} style={{ alignSelf: 'flex-start' }}>
                  {t('settings.addVariable')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Card>
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('buttons.save')}
          </Button>
        </Flex>
      </Form>
    </Flex>
  );
}
