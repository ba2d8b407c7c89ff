import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space, Switch, Tabs, Tag } from 'antd';
import { AttachmentField } from '../../components/AttachmentField';
import { useTranslation } from 'react-i18next';
import { createSchedule, getSchedule, removeScheduleMedia, updateSchedule, uploadScheduleMedia, type Schedule } from '../../api/schedules';
import { storedErrorText } from '../../errors/errorMessage';
import { i18nErrorTranslator } from '../../errors/i18nTranslator';
import { toastError, toastSuccess } from '../../errors/toast';
import { useDialogOptions } from '../campaigns/useDialogOptions';
import { ContactSelect } from './ContactSelect';
import {
  DAY_TYPES,
  INTERVALS,
  isScheduleAttachment,
  isScheduleLocked,
  SCHEDULE_ATTACHMENT_ACCEPT,
  scheduleFormValues,
  scheduleProblems,
  scheduleState,
  toScheduleBody,
  type ScheduleFormValues,
} from './scheduleRules';
import { DATE_TIME_FORMAT } from '../../format/dates';

export type ScheduleDialogProps = {
  open: boolean;
  /** null: a new schedule. */
  scheduleId: number | null;
  /** A new schedule's contact (the page's ?contactId=). */
  contactId?: number | null;
  onClose(): void;
  onSaved?(schedule: Schedule): void;
};

export const STATE_COLORS = { error: 'red', sent: 'green', pending: 'blue' } as const;

/** "Agendamento" + status, tabs Mensagem and Configurações (spec 000 line 259); a sent schedule is read-only. */
export function ScheduleDialog({ open, scheduleId, contactId = null, onClose, onSaved }: ScheduleDialogProps) {
  const { t } = useTranslation('schedules');
  const [form] = Form.useForm<ScheduleFormValues>();
  const [schedule, setSchedule] = useState<Schedule | null>(null);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [tab, setTab] = useState('message');
  // The parent's onClose may change identity each render: read it through a ref so the form is not reloaded.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // Whether the user changed the connection since the dialog opened (setFieldsValue marks fields touched too).
  const connectionChosen = useRef(false);
  const options = useDialogOptions(open, false);
  const openTicket = Form.useWatch('openTicket', form);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setSchedule(null);
    setTab('message');
    connectionChosen.current = false;
    form.resetFields();
    form.setFieldsValue(scheduleFormValues(null, new Date(), contactId));
    if (scheduleId === null) return;
    let active = true;
    setLoading(true);
    getSchedule(scheduleId)
      .then((found) => {
        if (!active) return;
        setSchedule(found);
        form.setFieldsValue(scheduleFormValues(found));
      })
      .catch((err: unknown) => {
        toastError(err);
        closeRef.current();
      })
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [open, scheduleId, contactId, form]);

  // A new schedule starts on the company's default connection (spec 002 §5 does not require one: without it
  // the service sends on that default); a connection the user picked or cleared meanwhile stays as chosen.
  useEffect(() => {
    if (!open || scheduleId !== null || options.defaultConnectionId === null || connectionChosen.current) return;
    form.setFieldsValue({ whatsappId: options.defaultConnectionId });
  }, [open, scheduleId, options.defaultConnectionId, form]);

  const locked = isScheduleLocked(schedule);

  const rule = (field: 'body' | 'contactId' | 'sendAt') => ({
    validator: async () => {
      const problem = scheduleProblems(form.getFieldsValue(true) as ScheduleFormValues)[field];
      if (problem) throw new Error(t(`validation.${problem}`));
    },
  });

  const submit = async () => {
    if (locked) return;
    try {
      await form.validateFields();
    } catch {
      // The failing field may be on the other tab: show the first tab with an error.
      const failing = form
        .getFieldsError()
        .filter((f) => f.errors.length)
        .map((f) => f.name[0]);
      setTab(failing.some((name) => name === 'body' || name === 'contactId') ? 'message' : 'settings');
      return;
    }
    setSaving(true);
    try {
      const body = toScheduleBody(form.getFieldsValue(true) as ScheduleFormValues);
      let saved = schedule ? await updateSchedule(schedule.id, body) : await createSchedule(body);
      if (file) saved = await uploadScheduleMedia(saved.id, file, file.name);
      toastSuccess(t('toasts.saved'), { form: true });
      onSaved?.(saved);
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const removeMedia = async () => {
    if (file) {
      setFile(null);
      return;
    }
    if (!schedule?.mediaPath) return;
    try {
      await removeScheduleMedia(schedule.id);
      const next = { ...schedule, mediaPath: null, mediaName: null };
      setSchedule(next);
      onSaved?.(next);
    } catch (err) {
      toastError(err);
    }
  };

  const state = schedule ? scheduleState(schedule) : null;
  const attachment = file?.name ?? schedule?.mediaName ?? schedule?.mediaPath ?? null;
  const disabledTicket = openTicket !== 'enabled';

  const messageTab = (
    <>
      <Form.Item name="contactId" label={t('fields.contact')} required rules={[rule('contactId')]}>
        <ContactSelect initial={schedule?.contact ?? null} aria-label={t('fields.contact')} placeholder={t('fields.contactPlaceholder')} />
      </Form.Item>
      <Form.Item name="body" label={t('fields.body')} extra={t('fields.messageHint', { firstName: '{{firstName}}', name: '{{name}}', protocol: '{{protocol}}' })} required rules={[rule('body')]}>
        <Input.TextArea rows={6} maxLength={10000} />
      </Form.Item>
      <Form.Item label={t('fields.media')}>
        <AttachmentField
          namespace="schedules"
          attachment={attachment}
          editable={!locked}
          accept={SCHEDULE_ATTACHMENT_ACCEPT}
          onPick={(f) => {
            if (!isScheduleAttachment(f.name)) return toastError(t('fields.mediaTypes'));
            // The file goes up with the save (spec 002 §8): say so.
            setFile(f);
            toastSuccess(t('toasts.clickSave'), { form: true });
          }}
          onRemove={() => void removeMedia()}
        />
      </Form.Item>
    </>
  );

  const settingsTab = (
    <Row gutter={12}>
      <Col xs={24} md={12}>
        <Form.Item name="whatsappId" label={t('fields.whatsapp')}>
          <Select options={options.connections} allowClear aria-label={t('fields.whatsapp')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="sendAt" label={t('fields.sendAt')} required rules={[rule('sendAt')]}>
          <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} aria-label={t('fields.sendAt')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="openTicket" label={t('fields.openTicket')}>
          <Select
            aria-label={t('fields.openTicket')}
            options={[
              { value: 'enabled', label: t('options.enabled') },
              { value: 'disabled', label: t('options.disabled') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="statusTicket" label={t('fields.statusTicket')}>
          <Select
            aria-label={t('fields.statusTicket')}
            disabled={disabledTicket}
            options={[
              { value: 'closed', label: t('options.closed') },
              { value: 'open', label: t('options.open') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="ticketUserId" label={t('fields.user')}>
          <Select options={options.users} allowClear showSearch={{ optionFilterProp: 'label' }} disabled={disabledTicket} aria-label={t('fields.user')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="queueId" label={t('fields.queue')}>
          <Select options={options.queues} allowClear disabled={disabledTicket} aria-label={t('fields.queue')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="assinar" label={t('fields.assinar')} valuePropName="checked">
          <Switch aria-label={t('fields.assinar')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="intervalo" label={t('fields.intervalo')}>
          <Select aria-label={t('fields.intervalo')} options={INTERVALS.map((v) => ({ value: v, label: t(`intervals.${v}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="valorIntervalo" label={t('fields.valorIntervalo')}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} aria-label={t('fields.valorIntervalo')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="enviarQuantasVezes" label={t('fields.enviarQuantasVezes')}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} aria-label={t('fields.enviarQuantasVezes')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="tipoDias" label={t('fields.tipoDias')}>
          <Select aria-label={t('fields.tipoDias')} options={DAY_TYPES.map((v) => ({ value: v, label: t(`dayTypes.${v}`) }))} />
        </Form.Item>
      </Col>
    </Row>
  );

  return (
    <Modal
      open={open}
      width={720}
      title={
        <Space>
          {t('dialog.title')}
          {state && <Tag color={STATE_COLORS[state]}>{t(`states.${state}`)}</Tag>}
        </Space>
      }
      onCancel={onClose}
      forceRender
      footer={
        <Space>
          <Button onClick={onClose}>{locked ? t('buttons.close') : t('buttons.cancel')}</Button>
          {!locked && (
            <Button type="primary" loading={saving} disabled={loading} onClick={() => void submit()}>
              {schedule ? t('buttons.save') : t('buttons.create')}
            </Button>
          )}
        </Space>
      }
    >
      {locked && <Alert type="info" showIcon title={t('dialog.sent')} style={{ marginBottom: 12 }} />}
      {state === 'error' && (
        <Alert
          type="error"
          showIcon
          title={schedule?.error ? t('dialog.sendErrorReason', { error: storedErrorText(schedule.error, i18nErrorTranslator) }) : t('dialog.sendError')}
          style={{ marginBottom: 12 }}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        name="schedule-form"
        disabled={locked || loading}
        onValuesChange={(changed: Partial<ScheduleFormValues>) => {
          if ('whatsappId' in changed) connectionChosen.current = true;
        }}
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'message', label: t('tabs.message'), forceRender: true, children: messageTab },
            { key: 'settings', label: t('tabs.settings'), forceRender: true, children: settingsTab },
          ]}
        />
      </Form>
    </Modal>
  );
}
