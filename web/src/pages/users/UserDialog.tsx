import './usersLocales';
import { useEffect, useMemo, useState } from 'react';
import { Avatar, Button, Col, Form, Input, Modal, Row, Select, Space, Spin, Switch, Tabs, TimePicker, Typography, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { createUserBody, type User } from '@atende/kit/contracts';
import { createUser, getUser, listConnectionOptions, listQueueOptions, updateUser, uploadUserAvatar } from '../../api/users';
import { useAuth } from '../../auth/AuthContext';
import { toastError, toastSuccess } from '../../errors/toast';
import { hasPermission, isSuper } from '../../permissions';
import { resizeToJpeg } from './avatar';
import { toCreateBody, toFormValues, toUpdateBody, type UserFormAccess, type UserFormValues } from './userForm';
import { zodRule } from './zodRule';

export type UserDialogProps = {
  open: boolean;
  /** null: a new user. */
  userId: number | null;
  onClose(): void;
  onSaved?(user: User): void;
  /** The shell's Profile dialog: the user edits own name, email, password, avatar and preferences. */
  profileMode?: boolean;
};

type Option = { value: number; label: string };

/** 'HH:mm' ↔ the time picker's dayjs value. */
function timeToDayjs(value: unknown): Dayjs | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{2}):(\d{2})$/.exec(value);
  return m ? dayjs().hour(Number(m[1])).minute(Number(m[2])).second(0).millisecond(0) : null;
}
/** How long after saving your own profile the page reloads. */
const SELF_EDIT_RELOAD_MS = 1000;
const dayjsToTime = (value: Dayjs | null | undefined): string => (value ? value.format('HH:mm') : '');

const shape = createUserBody.shape;

/** Add/edit user dialog (spec 001 §2): tabs General and Permissions; also the shell's Profile dialog. */
export function UserDialog({ open, userId, onClose, onSaved, profileMode = false }: UserDialogProps) {
  const { t } = useTranslation('users');
  const { user: me } = useAuth();
  const [form] = Form.useForm<UserFormValues>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [loaded, setLoaded] = useState<User | null>(null);
  const [avatar, setAvatar] = useState<{ blob: Blob; url: string } | null>(null);
  const [queues, setQueues] = useState<Option[]>([]);
  const [connections, setConnections] = useState<Option[]>([]);
  const [tab, setTab] = useState('general');

  const access: UserFormAccess = useMemo(
    () => ({
      editProfile: !profileMode && hasPermission(me, 'user-modal:editProfile'),
      editQueues: !profileMode && hasPermission(me, 'user-modal:editQueues'),
      editSuper: !profileMode && isSuper(me),
      profileMode,
    }),
    [me, profileMode],
  );
  const isNew = userId === null;

  // Load the user (or the defaults) each time the dialog opens.
  useEffect(() => {
    if (!open) return;
    let active = true;
    setAvatar(null);
    setLoaded(null);
    setTab('general');
    form.setFieldsValue(toFormValues(null));
    if (userId !== null) {
      setLoading(true);
      getUser(userId)
        .then((u) => {
          if (!active) return;
          setLoaded(u);
          form.setFieldsValue(toFormValues(u));
        })
        .catch((err: unknown) => {
          if (active) toastError(err);
        })
        .finally(() => {
          if (active) setLoading(false);
        });
    }
    return () => {
      active = false;
    };
  }, [open, userId, form]);

  // Selector options: queues and connections (silently empty when the lists are unavailable).
  useEffect(() => {
    if (!open || !access.editQueues) return;
    let active = true;
    listQueueOptions()
      .then((list) => active && setQueues(list.map((q) => ({ value: q.id, label: q.name }))))
      .catch(() => active && setQueues([]));
    listConnectionOptions()
      .then((list) => active && setConnections(list.map((c) => ({ value: c.id, label: c.name }))))
      .catch(() => active && setConnections([]));
    return () => {
      active = false;
    };
  }, [open, access.editQueues]);

  useEffect(
    () => () => {
      if (avatar) URL.revokeObjectURL(avatar.url);
    },
    [avatar],
  );

  async function pickAvatar(file: File): Promise<false> {
    try {
      const blob = await resizeToJpeg(file);
      setAvatar({ blob, url: URL.createObjectURL(blob) });
    } catch {
      toastError(t('avatar.invalid'));
    }
    return false;
  }

  async function submit(values: UserFormValues) {
    setSaving(true);
    try {
      const all = { ...toFormValues(loaded), ...values };
      let saved: User;
      try {
        saved = isNew ? await createUser(toCreateBody(all, access)) : await updateUser(userId, toUpdateBody(all, access));
      } catch (err) {
        toastError(err);
        return;
      }
      // Only a really picked file is uploaded (spec 001 §5). The user is saved even if the upload fails.
      if (avatar) {
        try {
          saved = await uploadUserAvatar(saved.id, avatar.blob);
        } catch (err) {
          toastError(err);
        }
      }
      toastSuccess(t('toasts.saved'), { form: true });
      // Spec 000 §8: editing yourself reloads the page (the session, menu, language and the rest start from
      // the new profile), a moment after the toast so it is seen.
      if (me && saved.id === me.id) window.setTimeout(() => window.location.reload(), SELF_EDIT_RELOAD_MS);
      onSaved?.(saved);
      onClose();
    } finally {
      setSaving(false);
    }
  }

  const yesNo = (name: keyof UserFormValues, label: string) => (
    <Col xs={24} md={12} key={name}>
      <Form.Item name={name} label={label} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Col>
  );

  const preview = avatar?.url ?? loaded?.profileImage ?? undefined;

  const general = (
    <>
      <Row gutter={16}>
        <Col xs={24} md={access.editProfile ? 14 : 24}>
          <Form.Item name="name" label={t('form.name')} rules={[zodRule(shape.name)]}>
            <Input autoComplete="off" maxLength={50} autoFocus />
          </Form.Item>
        </Col>
        {access.editProfile && (
          <Col xs={24} md={10}>
            <Form.Item name="profile" label={t('form.profile')}>
              <Select
                options={[
                  { value: 'admin', label: t('profiles.admin') },
                  { value: 'user', label: t('profiles.user') },
                ]}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('form.email')} rules={[zodRule(shape.email)]}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="password"
            label={t('form.password')}
            extra={isNew ? undefined : t('form.passwordHint')}
            rules={[zodRule(shape.password, { optionalEmpty: !isNew })]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
      {access.editProfile && (
        <Row gutter={16}>
          <Col xs={12}>
            <Form.Item name="startWork" label={t('form.startWork')} getValueProps={(v: unknown) => ({ value: timeToDayjs(v) })} normalize={dayjsToTime}>
              <TimePicker format="HH:mm" minuteStep={10} style={{ width: '100%' }} allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="endWork" label={t('form.endWork')} getValueProps={(v: unknown) => ({ value: timeToDayjs(v) })} normalize={dayjsToTime}>
              <TimePicker format="HH:mm" minuteStep={10} style={{ width: '100%' }} allowClear={false} />
            </Form.Item>
          </Col>
        </Row>
      )}
      {access.editQueues && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="queueIds" label={t('form.queues')}>
              <Select mode="multiple" options={queues} optionFilterProp="label" placeholder={t('form.queuesPlaceholder')} allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="whatsappId" label={t('form.whatsapp')}>
              <Select options={connections} allowClear placeholder={t('form.whatsappPlaceholder')} />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Form.Item name="farewellMessage" label={t('form.farewellMessage')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={12}>
          <Form.Item name="defaultTheme" label={t('form.defaultTheme')}>
            <Select
              options={[
                { value: 'light', label: t('themes.light') },
                { value: 'dark', label: t('themes.dark') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="defaultMenu" label={t('form.defaultMenu')}>
            <Select
              options={[
                { value: 'open', label: t('menus.open') },
                { value: 'closed', label: t('menus.closed') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('form.avatar')} htmlFor="user-avatar-upload" extra={t('avatar.hint')}>
        <Space>
          <Avatar size={64} src={preview} icon={<UserOutlined />} alt={t('avatar.alt')} />
          <Upload accept="image/*" showUploadList={false} beforeUpload={(file) => pickAvatar(file)} maxCount={1}>
            <Button id="user-avatar-upload" icon={<UploadOutlined />}>
              {t('avatar.choose')}
            </Button>
          </Upload>
        </Space>
      </Form.Item>
    </>
  );

  const permissions = (
    <Row gutter={16}>
      {yesNo('allTicket', t('form.allTicket'))}
      {yesNo('allowGroup', t('form.allowGroup'))}
      {yesNo('allHistoric', t('form.allHistoric'))}
      {yesNo('allUserChat', t('form.allUserChat'))}
      {yesNo('userClosePendingTicket', t('form.userClosePendingTicket'))}
      {yesNo('showDashboard', t('form.showDashboard'))}
      {yesNo('allowRealTime', t('form.allowRealTime'))}
      {yesNo('allowConnections', t('form.allowConnections'))}
      {access.editSuper && yesNo('super', t('form.super'))}
    </Row>
  );

  const title = profileMode ? t('dialog.profileTitle') : isNew ? t('dialog.addTitle') : t('dialog.editTitle');

  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} width={720} destroyOnHidden mask={{ closable: !saving }} keyboard={!saving}>
      <Spin spinning={loading}>
        <Form<UserFormValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          onFinishFailed={() => setTab('general')}
          initialValues={toFormValues(null)}
          requiredMark={false}
          preserve
        >
          {access.editProfile ? (
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                { key: 'general', label: t('tabs.general'), children: general, forceRender: true },
                { key: 'permissions', label: t('tabs.permissions'), children: permissions, forceRender: true },
              ]}
            />
          ) : (
            general
          )}
          {loaded && !profileMode && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {t('dialog.idLine', { id: loaded.id })}
            </Typography.Paragraph>
          )}
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={onClose} disabled={saving}>
              {t('buttons.cancel')}
            </Button>
            <Button type="primary" htmlType="submit" loading={saving} disabled={loading}>
              {isNew ? t('buttons.add') : t('buttons.save')}
            </Button>
          </Space>
        </Form>
      </Spin>
    </Modal>
  );
}

export default UserDialog;
