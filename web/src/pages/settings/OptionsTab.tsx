import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettingKey } from '@atende/kit/contracts';
import { updateSetting } from '../../api/admin';
import { toastError, toastSuccess, toastWarning } from '../../errors/toast';
import {
  aiKeyKeys,
  aiModelKey,
  aiProviders,
  aiSwitchKey,
  apiKeyOf,
  choicesOf,
  isMissing,
  isSecretSet,
  isTextRequired,
  lgpdSelectKeys,
  lgpdSwitchKey,
  messageKeys,
  modelProvider,
  modelsByProvider,
  optionSelectKeys,
  requirementOf,
  superOptionKeys,
  textsRequiredBy,
  valueOf,
  type AiProvider,
  type SettingValues,
} from './settingsModel';

/** Placeholders the message texts may use (the tickets service fills them in). */
const messageVariables = ['firstName', 'name', 'userName', 'ms', 'protocol', 'date', 'hour', 'ticket_id', 'queue', 'connection'];

type SaveKind = 'option' | 'text' | 'aiSwitch' | 'aiModel' | 'aiKey';

export type OptionsTabProps = {
  values: SettingValues;
  isSuper: boolean;
  /** Called with the stored value after a successful save. */
  onSaved(key: SettingKey, value: string): void;
};

const fieldId = (key: SettingKey) => `setting-${key}`;

/** Settings → Options (spec 001 §2, §3, §5): every company setting, saved one key at a time. */
export function OptionsTab({ values, isSuper, onSaved }: OptionsTabProps) {
  const { t } = useTranslation('settings');
  const [saving, setSaving] = useState<SettingKey | null>(null);

  const label = (key: SettingKey) => t(`keys.${key}`);

  async function save(key: SettingKey, value: string, kind: SaveKind): Promise<boolean> {
    setSaving(key);
    try {
      const stored = await updateSetting(key, value);
      onSaved(key, stored.value);
      toastSuccess(kind === 'aiKey' ? t('toasts.apiKeySaved') : t('toasts.saved'), { form: true });
      const nowRequired = textsRequiredBy(key, value, values);
      if (nowRequired.length) toastWarning(t('toasts.fillRequired', { fields: nowRequired.map(label).join(', ') }));
      return true;
    } catch (err) {
      if (kind === 'aiKey') toastError(t('errors.apiKey'));
      else if (kind === 'aiSwitch') toastError(t('errors.aiSwitch'));
      else if (kind === 'aiModel') toastError(t('errors.aiModel'));
      else toastError(err);
      return false;
    } finally {
      setSaving(null);
    }
  }

  const choiceLabel = (key: SettingKey, v: string) => (key === aiModelKey ? v : t(`values.${v}`, { defaultValue: v }));

  const select = (key: SettingKey, kind: SaveKind = 'option') => (
    <Form.Item label={label(key)} htmlFor={fieldId(key)}>
      <Select
        id={fieldId(key)}
        value={valueOf(values, key)}
        loading={saving === key}
        disabled={saving === key}
        onChange={(v: string) => void save(key, v, kind)}
        options={choicesOf(key).map((v) => ({ value: v, label: choiceLabel(key, v) }))}
      />
    </Form.Item>
  );

  const lgpdOn = valueOf(values, lgpdSwitchKey) === 'enabled';
  const aiOn = valueOf(values, aiSwitchKey) === 'enabled';
  const model = valueOf(values, aiModelKey);
  const modelKeyMissing = aiOn && !isSecretSet(values[apiKeyOf[modelProvider(model)]]);
  const groups = modelsByProvider();

  return (
    <Form layout="vertical" component="div">
      <Flex vertical gap={16}>
        <Card title={t('sections.general')} size="small">
          <Row gutter={16}>
            {(isSuper ? [...superOptionKeys, ...optionSelectKeys] : optionSelectKeys).map((key) => (
              <Col xs={24} md={12} xl={8} key={key}>
                {select(key)}
              </Col>
            ))}
          </Row>
        </Card>

        <Card title={t('sections.lgpd')} size="small">
          <Row gutter={16}>
            <Col xs={24} md={12} xl={8}>
              {select(lgpdSwitchKey)}
            </Col>
            {lgpdOn &&
              lgpdSelectKeys.map((key) => (
                <Col xs={24} md={12} xl={8} key={key}>
                  {select(key)}
                </Col>
              ))}
          </Row>
          {lgpdOn && (
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <SettingText
                  settingKey="lgpdMessage"
                  values={values}
                  multiline
                  label={label('lgpdMessage')}
                  saving={saving === 'lgpdMessage'}
                  onSave={(v) => save('lgpdMessage', v, 'text')}
                />
              </Col>
              <Col xs={24} md={12}>
                <SettingText
                  settingKey="lgpdLink"
                  values={values}
                  label={label('lgpdLink')}
                  saving={saving === 'lgpdLink'}
                  onSave={(v) => save('lgpdLink', v, 'text')}
                />
              </Col>
            </Row>
          )}
        </Card>

        <Card title={t('sections.messages')} size="small">
          <Typography.Paragraph type="secondary">
            {t('messages.variables')} {messageVariables.map((v) => `{{${v}}}`).join(', ')}
          </Typography.Paragraph>
          <Row gutter={16}>
            {messageKeys.map((key) => (
              <Col xs={24} md={12} key={key}>
                <SettingText settingKey={key} values={values} multiline label={label(key)} saving={saving === key} onSave={(v) => save(key, v, 'text')} />
              </Col>
            ))}
          </Row>
        </Card>

        <Card title={t('sections.ai')} size="small">
          <Typography.Paragraph type="secondary">{t('ai.description')}</Typography.Paragraph>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {select(aiSwitchKey, 'aiSwitch')}
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={label(aiModelKey)} htmlFor={fieldId(aiModelKey)}>
                <Select
                  id={fieldId(aiModelKey)}
                  value={model}
                  loading={saving === aiModelKey}
                  disabled={saving === aiModelKey}
                  onChange={(v: string) => void save(aiModelKey, v, 'aiModel')}
                  options={aiProviders.map((p) => ({ label: t(`ai.providers.${p}`), options: groups[p].map((m) => ({ value: m, label: m })) }))}
                />
              </Form.Item>
            </Col>
          </Row>
          {modelKeyMissing && (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('ai.keyMissing', { provider: t(`ai.providers.${modelProvider(model)}`) })} />
          )}
          <Row gutter={16}>
            {aiProviders.map((p) => (
              <Col xs={24} lg={8} key={p}>
                <SecretField
                  provider={p}
                  settingKey={apiKeyOf[p]}
                  stored={values[apiKeyOf[p]]}
                  saving={saving === apiKeyOf[p]}
                  onSave={(v) => save(apiKeyOf[p], v, 'aiKey')}
                />
              </Col>
            ))}
          </Row>
        </Card>
      </Flex>
    </Form>
  );
}

type SettingTextProps = {
  settingKey: SettingKey;
  values: SettingValues;
  label: string;
  multiline?: boolean;
  saving: boolean;
  onSave(value: string): Promise<boolean>;
};

/** A text setting saved when the field loses focus; a required-when-enabled text cannot be emptied. */
function SettingText({ settingKey, values, label, multiline, saving, onSave }: SettingTextProps) {
  const { t } = useTranslation('settings');
  const stored = valueOf(values, settingKey);
  const [draft, setDraft] = useState(stored);
  useEffect(() => setDraft(stored), [stored]);

  const required = isTextRequired(settingKey, values);
  const missing = isMissing(settingKey, { ...values, [settingKey]: draft });
  const rule = requirementOf(settingKey);
  const requirementText = rule
    ? t(rule.when === 'enabled' ? 'messages.requiredWhenEnabled' : 'messages.requiredWhenDisabled', { name: t(`keys.${rule.switch}`) })
    : undefined;

  const commit = async () => {
    if (draft === stored) return;
    if (required && !draft.trim()) return; // the error below already says why
    const ok = await onSave(draft);
    if (!ok) setDraft(stored);
  };

  const common = {
    id: fieldId(settingKey),
    value: draft,
    disabled: saving,
    onChange: (e: { target: { value: string } }) => setDraft(e.target.value),
    onBlur: () => void commit(),
    'aria-required': required,
  };

  return (
    <Form.Item
      label={label}
      htmlFor={fieldId(settingKey)}
      required={required}
      validateStatus={missing ? 'error' : undefined}
      help={missing ? t('messages.required') : undefined}
      extra={requirementText}
    >
      {multiline ? <Input.TextArea {...common} autoSize={{ minRows: 2, maxRows: 6 }} maxLength={10000} /> : <Input {...common} maxLength={2000} />}
    </Form.Item>
  );
}

type SecretFieldProps = {
  provider: AiProvider;
  settingKey: (typeof aiKeyKeys)[number];
  stored: string | undefined;
  saving: boolean;
  onSave(value: string): Promise<boolean>;
};

/** An API key: never shown in clear (the server answers it masked); typing a new one and saving replaces it. */
function SecretField({ provider, settingKey, stored, saving, onSave }: SecretFieldProps) {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useState('');
  const providerName = t(`ai.providers.${provider}`);
  const submit = async () => {
    if (!draft.trim()) return;
    if (await onSave(draft.trim())) setDraft('');
  };
  return (
    <Form.Item
      label={t(`keys.${settingKey}`)}
      htmlFor={fieldId(settingKey)}
      extra={isSecretSet(stored) ? t('ai.keyStored', { masked: stored }) : t('ai.noKey')}
    >
      <Space.Compact style={{ width: '100%' }}>
        <Input.Password
          id={fieldId(settingKey)}
          value={draft}
          autoComplete="off"
          placeholder={isSecretSet(stored) ? stored : t('ai.keyPlaceholder')}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={() => void submit()}
          disabled={saving}
        />
        <Button type="primary" onClick={() => void submit()} loading={saving} disabled={!draft.trim()} aria-label={t('ai.saveKey', { provider: providerName })}>
          {t('buttons.save')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
