import { useEffect, useMemo, useState } from 'react';
import { ColorPicker, Col, Divider, Form, Input, InputNumber, Modal, Row, Select, Space, Spin, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { queueRotationTimes, type Queue, type QueueDetail, type WeekdaySchedule } from '@atende/kit/contracts';
import { createQueue, getQueue, listFileListOptions, listQueueIntegrationOptions, updateQueue, type SelectorSource } from '../../api/queues';
import { listCompanyUsers } from '../../api/users';
import { toastError, toastSuccess, toastWarning } from '../../errors/toast';
import { randomHexColor } from '../tags/tagRules';
import { validationText } from '../users/zodRule';
import { ChatbotEditor, type TargetChoices } from './ChatbotEditor';
import { WeekdaySchedulesTable } from '../../components/WeekdaySchedulesTable';
import {
  chatbotChanged,
  colorProblem,
  defaultQueueSchedules,
  fromApiOptions,
  greetingProblem,
  issuePlace,
  nameProblem,
  optionProblems,
  otherQueues,
  pickerColor,
  queueFormValues,
  queueSchedules,
  rotationProblem,
  schedulesValid,
  serverIssues,
  toQueueBody,
  type FieldIssue,
  type OptionDraft,
  type Problem,
  type QueueFormValues,
} from './queuesRules';

export type QueueDialogProps = {
  open: boolean;
  /** null: a new queue. */
  queueId: number | null;
  /** The company's queues (uniqueness checks, target queues of the options). */
  queues: readonly Queue[];
  companyId: number;
  /** The setting scheduleType is 'queue': the schedules tab shows. */
  showSchedules: boolean;
  /** The plan has useIntegrations: the integration select and option type show. */
  integrationsAllowed: boolean;
  onClose(): void;
  onSaved(queue: QueueDetail): void;
};

type Tab = 'data' | 'schedules';

const loadingChoices: TargetChoices = { options: [], available: true, loading: true };
const unavailable: TargetChoices = { options: [], available: false, loading: false };
const toChoices = (source: SelectorSource): TargetChoices => ({
  options: source.options.map((o) => ({ value: o.id, label: o.name })),
  available: source.available,
  loading: false,
});

/** Add/edit queue modal (spec 001 §2 Queues screen): queue data with the chatbot menu editor, and the schedules. */
export function QueueDialog({ open, queueId, queues, companyId, showSchedules, integrationsAllowed, onClose, onSaved }: QueueDialogProps) {
  const { t, i18n } = useTranslation('queues');
  const [form] = Form.useForm<QueueFormValues>();
  const [tab, setTab] = useState<Tab>('data');
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [menu, setMenu] = useState<OptionDraft[]>([]);
  // The menu as opened: a save that changed it also says the bot was saved.
  const [openedMenu, setOpenedMenu] = useState<OptionDraft[]>([]);
  const [schedules, setSchedules] = useState<WeekdaySchedule[]>(defaultQueueSchedules);
  const [submitted, setSubmitted] = useState(false);
  const [serverOptionErrors, setServerOptionErrors] = useState<Record<string, string>>({});
  const [users, setUsers] = useState<TargetChoices>(loadingChoices);
  const [integrations, setIntegrations] = useState<TargetChoices>(loadingChoices);
  const [files, setFiles] = useState<TargetChoices>(loadingChoices);
  const color = Form.useWatch('color', form);
  const ativarRoteador = Form.useWatch('ativarRoteador', form);

  const others = useMemo(() => otherQueues({ id: queueId, queues }), [queueId, queues]);
  const problemText = (problem: Problem) => t(`validation.${problem}`);

  // The queue (or a new one) each time the modal opens.
  useEffect(() => {
    if (!open) return;
    let active = true;
    form.resetFields();
    setTab('data');
    setSubmitted(false);
    setServerOptionErrors({});
    if (queueId === null) {
      form.setFieldsValue(queueFormValues(null, randomHexColor()));
      setMenu([]);
      setOpenedMenu([]);
      setSchedules(defaultQueueSchedules());
      return;
    }
    setLoading(true);
    getQueue(queueId)
      .then((queue) => {
        if (!active) return;
        form.setFieldsValue(queueFormValues(queue, ''));
        const opened = fromApiOptions(queue.chatbots);
        setMenu(opened);
        setOpenedMenu(opened);
        setSchedules(queueSchedules(queue.schedules));
      })
      .catch((err: unknown) => {
        if (!active) return;
        toastError(err);
        onClose();
      })
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
    // (onClose is left out: a new identity of the page's callback must not reload the queue.)
  }, [open, queueId, form]);

  // The selectors' sources: users, and what the channels service offers (integrations, file lists).
  useEffect(() => {
    if (!open) return;
    let active = true;
    const settle = (set: (c: TargetChoices) => void) => ({
      ok: (c: TargetChoices) => active && set(c),
      fail: (err: unknown) => {
        if (!active) return;
        set(unavailable);
        toastError(err);
      },
    });
    setUsers(loadingChoices);
    const u = settle(setUsers);
    listCompanyUsers()
      .then((list) => u.ok({ options: list.map((x) => ({ value: x.id, label: x.name })), available: true, loading: false }))
      .catch(u.fail);
    if (integrationsAllowed) {
      setIntegrations(loadingChoices);
      const i = settle(setIntegrations);
      listQueueIntegrationOptions().then((s) => i.ok(toChoices(s)), i.fail);
    } else {
      setIntegrations(unavailable);
    }
    setFiles(loadingChoices);
    const f = settle(setFiles);
    listFileListOptions(companyId).then((s) => f.ok(toChoices(s)), f.fail);
    return () => {
      active = false;
    };
  }, [open, integrationsAllowed, companyId]);

  const queueChoices = useMemo<TargetChoices>(
    () => ({ options: others.map((q) => ({ value: q.id, label: q.name })), available: true, loading: false }),
    [others],
  );

  const clientOptionProblems = useMemo(() => (submitted ? optionProblems(menu) : {}), [submitted, menu]);
  const optionErrorOf = (field: string): string | undefined => {
    if (serverOptionErrors[field]) return serverOptionErrors[field];
    const problem = clientOptionProblems[field];
    return problem ? problemText(problem) : undefined;
  };

  const changeMenu = (next: OptionDraft[]) => {
    setMenu(next);
    setServerOptionErrors({});
  };

  const issueText = (issue: FieldIssue) => (issue.problem ? problemText(issue.problem) : validationText(issue.text, (key) => i18n.t(key, { ns: 'common' })));

  /** A refused save: its fields marked where they are shown. */
  const showServerIssues = (err: unknown) => {
    const issues = serverIssues(err);
    const onForm = issues.filter((i) => issuePlace(i.field) === 'form');
    const onOptions = issues.filter((i) => issuePlace(i.field) === 'options');
    const onSchedules = issues.filter((i) => issuePlace(i.field) === 'schedules');
    const registered = new Set(Object.keys(form.getFieldsValue(true) as object));
    form.setFields(onForm.filter((i) => registered.has(i.field)).map((i) => ({ name: i.field as keyof QueueFormValues, errors: [issueText(i)] })));
    setServerOptionErrors(Object.fromEntries(onOptions.map((i) => [i.field, issueText(i)])));
    if (onForm.length || onOptions.length) setTab('data');
    else if (onSchedules.length && showSchedules) setTab('schedules');
  };

  const submit = async () => {
    setSubmitted(true);
    let values: QueueFormValues;
    try {
      values = await form.validateFields();
    } catch {
      setTab('data');
      toastWarning(t('toasts.checkFields'), { form: true });
      return;
    }
    if (Object.keys(optionProblems(menu)).length > 0) {
      setTab('data');
      toastWarning(t('toasts.checkFields'), { form: true });
      return;
    }
    if (showSchedules && !schedulesValid(schedules)) {
      setTab('schedules');
      toastWarning(t('validation.schedules'), { form: true });
      return;
    }
    const body = toQueueBody({ ...(form.getFieldsValue(true) as QueueFormValues), ...values }, menu, schedules);
    setSaving(true);
    try {
      const saved = queueId === null ? await createQueue(body) : await updateQueue(queueId, body);
      toastSuccess(t('toasts.saved'), { form: true });
      if (chatbotChanged(openedMenu, menu)) toastSuccess(t('toasts.botSaved'), { form: true });
      onSaved(saved);
      onClose();
    } catch (err) {
      showServerIssues(err);
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const rule = (check: (value: unknown) => Problem | null) => ({
    validator: async (_: unknown, value: unknown) => {
      const problem = check(value);
      if (problem) throw new Error(problemText(problem));
    },
  });

  const dataTab = (
    <>
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item name="name" label={t('fields.name')} required rules={[rule((v) => nameProblem(v as string, others))]}>
            <Input maxLength={50} autoFocus autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('fields.color')} required>
            <Space.Compact block>
              <ColorPicker
                value={pickerColor(color)}
                disabledAlpha
                format="hex"
                aria-label={t('fields.colorPicker')}
                onChange={(c) => {
                  form.setFieldValue('color', c.toHexString().toUpperCase());
                  void form.validateFields(['color']).catch(() => undefined);
                }}
              />
              <Form.Item name="color" noStyle rules={[rule((v) => colorProblem(v as string, others))]}>
                <Input maxLength={9} aria-label={t('fields.color')} style={{ fontFamily: 'monospace' }} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="orderQueue" label={t('fields.orderQueue')} tooltip={t('fields.orderQueueHint')}>
            <InputNumber min={0} max={10000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="greetingMessage"
        label={t('fields.greetingMessage')}
        required={others.length >= 1}
        tooltip={t('fields.greetingHint')}
        rules={[rule((v) => greetingProblem(v as string, others.length))]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={10000} />
      </Form.Item>
      <Form.Item name="outOfHoursMessage" label={t('fields.outOfHoursMessage')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={10000} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="ativarRoteador" label={t('fields.ativarRoteador')} tooltip={t('fields.ativarRoteadorHint')} valuePropName="checked">
            <Switch aria-label={t('fields.ativarRoteador')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="tempoRoteador"
            label={t('fields.tempoRoteador')}
            dependencies={['ativarRoteador']}
            rules={[rule((v) => rotationProblem(!!form.getFieldValue('ativarRoteador'), v as number))]}
          >
            <Select<number>
              disabled={!ativarRoteador}
              aria-label={t('fields.tempoRoteador')}
              options={[{ value: 0, label: '—' }, ...queueRotationTimes.map((m) => ({ value: m, label: t('fields.minutes', { count: m }) }))]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="closeTicket" label={t('fields.closeTicket')} tooltip={t('fields.closeTicketHint')} valuePropName="checked">
            <Switch aria-label={t('fields.closeTicket')} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {integrationsAllowed && (
          <Col xs={24} md={12}>
            <Form.Item name="integrationId" label={t('fields.integrationId')}>
              <Select<number>
                allowClear
                loading={integrations.loading}
                disabled={!integrations.available}
                options={integrations.options}
                placeholder={integrations.available ? t('fields.none') : t('fields.unavailable')}
                aria-label={t('fields.integrationId')}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item name="fileListId" label={t('fields.fileListId')}>
            <Select<number>
              allowClear
              loading={files.loading}
              disabled={!files.available}
              options={files.options}
              placeholder={files.available ? t('fields.none') : t('fields.unavailable')}
              aria-label={t('fields.fileListId')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Divider style={{ margin: '4px 0 16px' }} />
      <ChatbotEditor value={menu} onChange={changeMenu} errorOf={optionErrorOf} queues={queueChoices} users={users} integrations={integrations} files={files} />
    </>
  );

  const items = [
    { key: 'data', label: t('dialog.tabs.data'), forceRender: true, children: dataTab },
    ...(showSchedules
      ? [{ key: 'schedules', label: t('dialog.tabs.schedules'), children: <WeekdaySchedulesTable namespace="queues" value={schedules} onChange={setSchedules} /> }]
      : []),
  ];

  return (
    <Modal
      open={open}
      title={queueId === null ? t('dialog.addTitle') : t('dialog.editTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={queueId === null ? t('buttons.create') : t('buttons.save')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ disabled: loading }}
      confirmLoading={saving}
      width={960}
      forceRender
      styles={{ body: { maxHeight: 'calc(100vh - 240px)', overflowY: 'auto', overflowX: 'hidden' } }}
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" name="queue-form" onFinish={() => void submit()}>
          <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} items={items} />
        </Form>
      </Spin>
    </Modal>
  );
}
