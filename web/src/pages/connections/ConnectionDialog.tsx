import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space, Spin, Switch, Tabs, Tooltip, Typography, Upload } from 'antd';
import { CopyOutlined, DeleteOutlined, SyncOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Channel, Queue, WeekdaySchedule, WhatsappConnection } from '@atende/kit/contracts';
import { createConnection, disconnectSession, getConnection, removeGreetingMedia, requestNewQrCode, updateConnection, uploadGreetingMedia } from '../../api/channels';
import { listQueues } from '../../api/queues';
import { listAllPrompts } from '../../api/prompts';
import { toastError, toastInfo, toastSuccess, toastWarning, translateError } from '../../errors/toast';
import { useDialogRecord } from '../../hooks/useDialogRecord';
import { useAuth } from '../../auth/AuthContext';
import { isAdmin } from '../../permissions';
import { importNeedsNewPairing, importRenewsPairing } from './importRules';
import {
  connectionFormValues,
  connectionSchedules,
  formProblems,
  isVacationDayTooOld,
  mediaFileName,
  newConnectionToken,
  serverIssues,
  tabOfField,
  toConnectionBody,
  type ConnectionField,
  type ConnectionFormValues,
  type EditorTab,
  type FieldIssue,
} from './connectionForm';
import { WeekdaySchedulesTable } from '../../components/WeekdaySchedulesTable';
import { schedulesValid } from '../settings/schedules';
import { IntegrationSelect } from '../queue-integration/IntegrationSelect';
import { DATE_TIME_FORMAT, DAY_FORMAT } from '../../format/dates';

export type ConnectionDialogProps = {
  open: boolean;
  /** null: a new connection of `channel`. */
  connectionId: number | null;
  channel: Extract<Channel, 'whatsapp' | 'facebook' | 'instagram'>;
  /** The setting scheduleType is 'connection': the schedules tab shows. */
  showSchedules: boolean;
  onClose(): void;
  onSaved(connection: WhatsappConnection): void;
  /**
   * Another company (a super user in the all-connections dialog): a new connection goes to it, and the
   * queues, prompts and integrations offered are its own. Absent: the user's own company.
   */
  companyId?: number;
};

/**
 * Add/edit connection (spec 001 §2 "Connection editor dialog"): tabs general, integrations, messages,
 * chatbot, assessments and schedules. The checks of spec 001 §5 run before sending; the server's
 * refusals are shown on their fields.
 */
export function ConnectionDialog({ open, connectionId, channel, showSchedules, onClose, onSaved, companyId }: ConnectionDialogProps) {
  const { t } = useTranslation('connections');
  // Prompts and integrations are read by admins only: for a user whose allowConnections lets them add a
  // connection, both selects stay disabled (not asked for, rather than refused).
  const readsBots = isAdmin(useAuth().user);
  const [form] = Form.useForm<ConnectionFormValues>();
  const [modal, modalHolder] = Modal.useModal();
  const [tab, setTab] = useState<EditorTab>('general');
  const [saving, setSaving] = useState(false);
  const [stored, setStored] = useState<WhatsappConnection | null>(null);
  const [schedules, setSchedules] = useState<WeekdaySchedule[]>(() => connectionSchedules(null));
  /** A token the regenerate button drew: shown and copyable at once, saved with the connection. */
  const [drawnToken, setDrawnToken] = useState<string | null>(null);
  const [queues, setQueues] = useState<Queue[]>([]);
  const [media, setMedia] = useState<string | null>(null);
  /** A new connection's greeting media, chosen before it exists: uploaded once it is created. */
  const [pendingMedia, setPendingMedia] = useState<File | null>(null);
  const [mediaBusy, setMediaBusy] = useState(false);
  /** Fields carrying an error the server answered (cleared when the user changes them). */
  const serverErrorFields = useRef(new Set<string>());
  const token = drawnToken ?? stored?.token ?? '';
  const importEnabled = Form.useWatch('importEnabled', form);

  // The connection (or a new one's defaults) each time the dialog opens.
  const loading = useDialogRecord(open, connectionId, {
    start(isNew) {
      form.resetFields();
      serverErrorFields.current.clear();
      setTab('general');
      setDrawnToken(null);
      setStored(null);
      setMedia(null);
      setPendingMedia(null);
      if (!isNew) return;
      form.setFieldsValue(connectionFormValues(null));
      setSchedules(connectionSchedules(null));
    },
    read: getConnection,
    apply(c) {
      setStored(c);
      // Shown by the name it was uploaded with (the link names the stored key).
      setMedia(c.greetingMediaAttachment ? (c.greetingMediaName ?? mediaFileName(c.greetingMediaAttachment)) : null);
      form.setFieldsValue(connectionFormValues(c));
      setSchedules(connectionSchedules(c.schedules));
    },
    onClose,
  });

  // The company's queues for the selectors (GET /api/queue; another company's for a super user).
  useEffect(() => {
    if (!open) return;
    let active = true;
    listQueues(companyId)
      .then((list) => active && setQueues(list))
      .catch((err: unknown) => active && toastError(err));
    return () => {
      active = false;
    };
  }, [open, companyId]);

  const queueOptions = queues.map((q) => ({ value: q.id, label: q.name }));

  // The company's AI prompts for the prompt select (GET /api/prompt: admins of a plan with useOpenAi; otherwise it stays disabled).
  const [prompts, setPrompts] = useState<{ available: boolean; options: { value: number; label: string }[] }>({ available: false, options: [] });
  useEffect(() => {
    if (!open || !readsBots) return;
    let active = true;
    listAllPrompts(companyId)
      .then((list) => active && setPrompts({ available: true, options: list.map((p) => ({ value: p.id, label: p.name })) }))
      .catch(() => active && setPrompts({ available: false, options: [] }));
    return () => {
      active = false;
    };
  }, [open, companyId, readsBots]);

  /** A field's rule: the editor's checks on the whole form, this field's problem. */
  const check = (field: ConnectionField) => ({
    validator: async () => {
      const problem = formProblems(form.getFieldsValue(true) as ConnectionFormValues, dayjs())[field];
      if (problem) throw new Error(t(`validation.${problem}`));
    },
  });

  const issueText = (issue: FieldIssue) => (issue.problem ? t(`validation.${issue.problem}`) : issue.code ? translateError(issue.code) : issue.text);

  const showServerIssues = (err: unknown) => {
    const issues = serverIssues(err);
    if (!issues.length) return;
    const registered = new Set(Object.keys(form.getFieldsValue(true) as object));
    const shown = issues.filter((i) => registered.has(i.field));
    form.setFields(shown.map((i) => ({ name: i.field as ConnectionField, errors: [issueText(i)] })));
    for (const issue of shown) serverErrorFields.current.add(issue.field);
    setTab(tabOfField(issues[0]!.field));
  };

  /** A field the server refused, once changed, loses that error (a switch has no rule that would ever clear it); its own rules run again. */
  const clearServerErrors = (changed: object) => {
    const fields = Object.keys(changed).filter((field) => serverErrorFields.current.delete(field)) as ConnectionField[];
    if (fields.length === 0) return;
    form.setFields(fields.map((name) => ({ name, errors: [] })));
    void form.validateFields(fields).catch(() => undefined);
  };

  /** Spec 001 §4: saving a connected connection with the import on restarts its session (a new pairing), after a warning. */
  const confirmImportRestart = (): Promise<boolean> =>
    new Promise((resolve) => {
      void modal.confirm({
        title: t('confirm.importTitle'),
        content: t('confirm.importText'),
        okText: t('buttons.continue'),
        cancelText: t('buttons.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const submit = async () => {
    const values = form.getFieldsValue(true) as ConnectionFormValues;
    const problems = Object.keys(formProblems(values, dayjs()));
    if (problems.length) {
      await form.validateFields().catch(() => undefined);
      setTab(tabOfField(problems[0]!));
      toastWarning(t('toasts.checkFields'), { form: true });
      return;
    }
    if (showSchedules && !schedulesValid(schedules)) {
      setTab('schedules');
      toastWarning(t('validation.schedules'), { form: true });
      return;
    }
    const body = toConnectionBody(values, {
      channel: (stored?.channel as typeof channel | undefined) ?? channel,
      schedules: showSchedules ? schedules : undefined,
      token: drawnToken,
    });
    const repair = importNeedsNewPairing(stored, body, Date.now());
    const renew = repair || importRenewsPairing(stored, body);
    if (repair && !(await confirmImportRestart())) return;
    setSaving(true);
    try {
      if (repair && stored) {
        // WhatsApp sends the history only to a newly paired device: the session goes before the save
        // (here it waits for a QR code from now on, so a second save does not disconnect it again).
        setStored({ ...stored, status: 'qrcode' });
        await disconnectSession(stored.id);
      }
      let saved = connectionId === null ? await createConnection({ ...body, companyId }) : await updateConnection(connectionId, body);
      toastSuccess(t('toasts.saved'), { form: true });
      if (connectionId === null && pendingMedia) {
        // The connection exists now: its media goes up (a failure is told; the connection stays saved).
        saved = await uploadGreetingMedia(saved.id, pendingMedia).then(
          (withMedia) => withMedia ?? saved,
          (err: unknown) => (toastError(err), saved),
        );
      }
      if (renew && stored) {
        // A new QR code to read: the device it pairs as asks for the whole history.
        await requestNewQrCode(stored.id).then(
          () => toastInfo(t('toasts.importScanQr')),
          (err: unknown) => toastError(err),
        );
      }
      onSaved(renew ? { ...saved, status: 'qrcode', qrcode: '' } : saved);
      onClose();
    } catch (err) {
      showServerIssues(err);
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const copyToken = async () => {
    try {
      await navigator.clipboard.writeText(token);
      toastSuccess(t('toasts.tokenCopied'), { form: true });
    } catch (err) {
      toastError(err);
    }
  };

  const uploadMedia = async (file: File) => {
    if (!stored) {
      setPendingMedia(file);
      return;
    }
    setMediaBusy(true);
    try {
      const saved = await uploadGreetingMedia(stored.id, file);
      setMedia(saved?.greetingMediaName ?? file.name);
      toastSuccess(t('toasts.mediaSaved'), { form: true });
    } catch (err) {
      toastError(err);
    } finally {
      setMediaBusy(false);
    }
  };

  const removeMedia = async () => {
    if (!stored) {
      setPendingMedia(null);
      return;
    }
    setMediaBusy(true);
    try {
      await removeGreetingMedia(stored.id);
      setMedia(null);
      toastSuccess(t('toasts.mediaRemoved'), { form: true });
    } catch (err) {
      toastError(err);
    } finally {
      setMediaBusy(false);
    }
  };

  const minutes = (name: ConnectionField, label: string, extra: { rules?: object[]; hint?: string; dependencies?: ConnectionField[] } = {}): ReactNode => (
    <Form.Item name={name} label={label} tooltip={extra.hint} rules={extra.rules} dependencies={extra.dependencies}>
      <InputNumber min={0} max={525600} precision={0} suffix={t('fields.minutesUnit')} style={{ width: '100%' }} aria-label={label} />
    </Form.Item>
  );
  const text = (name: ConnectionField, label: string, rules?: object[]): ReactNode => (
    <Form.Item name={name} label={label} rules={rules}>
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={10000} aria-label={label} />
    </Form.Item>
  );
  const toggle = (name: ConnectionField, label: string): ReactNode => (
    <Form.Item name={name} label={label} valuePropName="checked">
      <Switch aria-label={label} />
    </Form.Item>
  );

  const generalTab = (
    <>
      {(stored || connectionId === null) && (
        <Form.Item label={t('fields.greetingMedia')} tooltip={t('fields.greetingMediaHint')}>
          <Space wrap>
            <Upload accept="image/*,video/*" showUploadList={false} maxCount={1} beforeUpload={(file) => (void uploadMedia(file), false)}>
              <Button icon={<UploadOutlined />} loading={mediaBusy}>
                {t('buttons.uploadMedia')}
              </Button>
            </Upload>
            {(pendingMedia?.name ?? media) && (
              <>
                <Typography.Text data-testid="greeting-media">{pendingMedia?.name ?? mediaFileName(media!)}</Typography.Text>
                <Tooltip title={t('buttons.removeMedia')}>
                  <Button
                    danger
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('buttons.removeMedia')}
                    disabled={mediaBusy}
                    onClick={() => void removeMedia()}
                  />
                </Tooltip>
              </>
            )}
          </Space>
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('fields.name')} required rules={[check('name')]}>
            <Input maxLength={50} autoFocus autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          {toggle('isDefault', t('fields.isDefault'))}
        </Col>
        <Col xs={12} md={4}>
          {toggle('allowGroup', t('fields.allowGroup'))}
        </Col>
        <Col xs={24} md={4}>
          <Form.Item name="groupAsTicket" label={t('fields.groupAsTicket')} required rules={[check('groupAsTicket')]}>
            <Select
              aria-label={t('fields.groupAsTicket')}
              options={[
                { value: 'disabled', label: t('fields.disabled') },
                { value: 'enabled', label: t('fields.enabled') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          {toggle('importEnabled', t('fields.importEnabled'))}
        </Col>
        {importEnabled && (
          <>
            <Col xs={12} md={8}>
              {toggle('importOldMessagesGroups', t('fields.importOldMessagesGroups'))}
            </Col>
            <Col xs={12} md={8}>
              {toggle('closedTicketsPostImported', t('fields.closedTicketsPostImported'))}
            </Col>
          </>
        )}
      </Row>
      {importEnabled && (
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="importOldMessages" label={t('fields.importOldMessages')} required rules={[check('importOldMessages')]}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format={DATE_TIME_FORMAT}
                style={{ width: '100%' }}
                aria-label={t('fields.importOldMessages')}
                disabledDate={(d) => d.isAfter(dayjs()) || d.isBefore(dayjs().subtract(2, 'year').startOf('day'))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="importRecentMessages"
              label={t('fields.importRecentMessages')}
              dependencies={['importOldMessages']}
              rules={[check('importRecentMessages')]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format={DATE_TIME_FORMAT}
                style={{ width: '100%' }}
                aria-label={t('fields.importRecentMessages')}
                disabledDate={(d) => d.isAfter(dayjs())}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="queueIdImportMessages" label={t('fields.queueIdImportMessages')} required rules={[check('queueIdImportMessages')]}>
              <Select allowClear options={queueOptions} aria-label={t('fields.queueIdImportMessages')} />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Form.Item label={t('fields.token')} tooltip={t('fields.tokenHint')}>
        <Space.Compact block>
          <Input
            readOnly
            value={token || (connectionId === null ? t('fields.tokenOnCreate') : '')}
            aria-label={t('fields.token')}
            data-testid="connection-token"
            style={{ fontFamily: token ? 'monospace' : undefined }}
          />
          <Tooltip title={t('buttons.regenerateToken')}>
            <Button
              icon={<SyncOutlined />}
              aria-label={t('buttons.regenerateToken')}
              disabled={connectionId === null}
              onClick={() => setDrawnToken(newConnectionToken())}
            />
          </Tooltip>
          <Tooltip title={t('buttons.copyToken')}>
            <Button icon={<CopyOutlined />} aria-label={t('buttons.copyToken')} disabled={!token} onClick={() => void copyToken()} />
          </Tooltip>
        </Space.Compact>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="sendIdQueue"
            label={t('fields.sendIdQueue')}
            tooltip={t('fields.sendIdQueueHint')}
            dependencies={['timeSendQueue']}
            rules={[check('sendIdQueue')]}
          >
            <Select allowClear options={queueOptions} aria-label={t('fields.sendIdQueue')} placeholder={t('fields.none')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {minutes('timeSendQueue', t('fields.timeSendQueue'))}
        </Col>
      </Row>
    </>
  );

  const integrationsTab = (
    <>
      <Form.Item name="queueIds" label={t('fields.queueIds')}>
        <Select
          mode="multiple"
          allowClear
          options={queueOptions}
          optionFilterProp="label"
          aria-label={t('fields.queueIds')}
          placeholder={t('fields.queueIdsPlaceholder')}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="integrationId" label={t('fields.integrationId')}>
            <IntegrationSelect active={open} readable={readsBots} companyId={companyId} disabledLabel={t('fields.unavailable')} ariaLabel={t('fields.integrationId')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="promptId" label={t('fields.promptId')}>
            <Select
              allowClear
              disabled={!prompts.available}
              options={prompts.options}
              optionFilterProp="label"
              placeholder={prompts.available ? t('fields.none') : t('fields.unavailable')}
              aria-label={t('fields.promptId')}
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );

  const messagesTab = (
    <>
      {text('greetingMessage', t('fields.greetingMessage'))}
      {text('complationMessage', t('fields.complationMessage'))}
      {text('outOfHoursMessage', t('fields.outOfHoursMessage'))}
      {text('collectiveVacationMessage', t('fields.collectiveVacationMessage'))}
      <Row gutter={16}>
        {(['collectiveVacationStart', 'collectiveVacationEnd'] as const).map((name) => (
          <Col xs={24} md={12} key={name}>
            <Form.Item name={name} label={t(`fields.${name}`)} dependencies={['collectiveVacationMessage', 'collectiveVacationStart']} rules={[check(name)]}>
              <DatePicker
                format={DAY_FORMAT}
                style={{ width: '100%' }}
                aria-label={t(`fields.${name}`)}
                disabledDate={(d) => isVacationDayTooOld(d, dayjs())}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );

  const chatbotTab = (
    <>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          {minutes('timeCreateNewTicket', t('fields.timeCreateNewTicket'), { hint: t('fields.timeCreateNewTicketHint') })}
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="maxUseBotQueues" label={t('fields.maxUseBotQueues')}>
            <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} aria-label={t('fields.maxUseBotQueues')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          {minutes('timeUseBotQueues', t('fields.timeUseBotQueues'))}
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {minutes('expiresTicket', t('fields.expiresTicket'), { rules: [check('expiresTicket')], dependencies: ['timeInactiveMessage'] })}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="whenExpiresTicket" label={t('fields.whenExpiresTicket')}>
            <Select
              aria-label={t('fields.whenExpiresTicket')}
              options={[
                { value: '0', label: t('fields.whenExpiresTicket0') },
                { value: '1', label: t('fields.whenExpiresTicket1') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      {text('expiresInactiveMessage', t('fields.expiresInactiveMessage'))}
      {minutes('timeInactiveMessage', t('fields.timeInactiveMessage'))}
      {text('inactiveMessage', t('fields.inactiveMessage'))}
    </>
  );

  const npsTab = (
    <>
      {text('ratingMessage', t('fields.ratingMessage'))}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="maxUseBotQueuesNPS" label={t('fields.maxUseBotQueuesNPS')}>
            <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} aria-label={t('fields.maxUseBotQueuesNPS')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {minutes('expiresTicketNPS', t('fields.expiresTicketNPS'), { rules: [check('expiresTicketNPS')], dependencies: ['ratingMessage'] })}
        </Col>
      </Row>
    </>
  );

  // Every tab renders from the start, so a save checks (and marks) fields on tabs never opened.
  const items = [
    { key: 'general', label: t('dialog.tabs.general'), forceRender: true, children: generalTab },
    { key: 'integrations', label: t('dialog.tabs.integrations'), forceRender: true, children: integrationsTab },
    { key: 'messages', label: t('dialog.tabs.messages'), forceRender: true, children: messagesTab },
    { key: 'chatbot', label: t('dialog.tabs.chatbot'), forceRender: true, children: chatbotTab },
    { key: 'nps', label: t('dialog.tabs.nps'), forceRender: true, children: npsTab },
    ...(showSchedules
      ? [
          {
            key: 'schedules',
            label: t('dialog.tabs.schedules'),
            children: <WeekdaySchedulesTable namespace="connections" value={schedules} onChange={setSchedules} />,
          },
        ]
      : []),
  ];

  const channelName = t(`channels.${stored?.channel ?? channel}`, { defaultValue: stored?.channel ?? channel });
  return (
    <Modal
      open={open}
      title={connectionId === null ? t('dialog.addTitle', { channel: channelName }) : t('dialog.editTitle', { channel: channelName })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={connectionId === null ? t('buttons.add') : t('buttons.save')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ disabled: loading }}
      confirmLoading={saving}
      width={900}
      forceRender
      styles={{ body: { maxHeight: 'calc(100vh - 240px)', overflowY: 'auto', overflowX: 'hidden' } }}
    >
      {modalHolder}
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" name="connection-form" onFinish={() => void submit()} onValuesChange={clearServerErrors}>
          <Tabs activeKey={tab} onChange={(key) => setTab(key as EditorTab)} items={items} />
        </Form>
      </Spin>
    </Modal>
  );
}
