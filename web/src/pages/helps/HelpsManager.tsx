import './helpsLocales';
import { useCallback, useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { createHelpBody, type Help } from '@atende/kit/contracts';
import { createHelp, deleteHelp, listHelps, updateHelp } from '../../api/admin';
import { toastError, toastSuccess } from '../../errors/toast';
import { mergeById, removeById, upsertById } from '../users/listRules';
import { zodRule } from '../users/zodRule';
import { youtubeCode, youtubeThumbnail } from './youtube';
import { EditDeleteActions } from '../../components/EditDeleteActions';

type HelpFormValues = { title: string; description: string; video: string };
const emptyHelp: HelpFormValues = { title: '', description: '', video: '' };

/** Settings → Helps (super user): help entries with a title, a description and a YouTube video code. */
export function HelpsManager() {
  const { t } = useTranslation('helps');
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<HelpFormValues>();
  const [helps, setHelps] = useState<Help[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState<{ open: boolean; help: Help | null }>({ open: false, help: null });

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const fetched = await listHelps();
      // Rows saved while the first read was in flight are newer than what it brought back.
      setHelps((current) => mergeById(fetched, current));
    } catch {
      toastError(t('errors.load'));
    } finally {
      setLoading(false);
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!editing.open) return;
    const h = editing.help;
    form.setFieldsValue(h ? { title: h.title, description: h.description ?? '', video: h.video ?? '' } : emptyHelp);
  }, [editing, form]);

  const close = () => setEditing({ open: false, help: null });

  async function submit(v: HelpFormValues) {
    setSaving(true);
    try {
      // A pasted YouTube link is stored as its video code.
      const video = v.video?.trim() ? (youtubeCode(v.video) ?? v.video.trim()) : null;
      const body = { title: v.title.trim(), description: v.description?.trim() ? v.description : null, video };
      const saved = editing.help ? await updateHelp(editing.help.id, body) : await createHelp(body);
      setHelps((list) => upsertById(list, saved));
      toastSuccess(t('toasts.success'), { form: true });
      close();
    } catch {
      toastError(t('errors.save'));
    } finally {
      setSaving(false);
    }
  }

  const confirmDelete = (h: Help) => {
    void modal.confirm({
      title: t('confirm.deleteTitle'),
      content: t('confirm.deleteMessage'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteHelp(h.id);
          setHelps((list) => removeById(list, h.id));
          toastSuccess(t('toasts.success'));
        } catch {
          toastError(t('errors.delete'));
        }
      },
    });
  };

  const columns: ColumnsType<Help> = [
    {
      title: t('table.video'),
      dataIndex: 'video',
      width: 140,
      render: (v: string | null) => {
        const code = youtubeCode(v);
        return code ? (
          <img src={youtubeThumbnail(code)} alt="" width={120} height={68} style={{ objectFit: 'cover', borderRadius: 4 }} loading="lazy" />
        ) : (
          (v ?? '—')
        );
      },
    },
    { title: t('table.title'), dataIndex: 'title', sorter: (a, b) => a.title.localeCompare(b.title) },
    {
      title: t('table.description'),
      dataIndex: 'description',
      render: (v: string | null) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
          {v ?? ''}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 110,
      align: 'center',
      render: (_: unknown, h) => (
        <EditDeleteActions
          editTitle={t('buttons.edit')}
          editLabel={t('buttons.editHelp', { title: h.title })}
          onEdit={() => setEditing({ open: true, help: h })}
          deleteTitle={t('buttons.delete')}
          deleteLabel={t('buttons.deleteHelp', { title: h.title })}
          onDelete={() => confirmDelete(h)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      {modalHolder}
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Text type="secondary">{t('count', { count: helps.length })}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, help: null })}>
          {t('buttons.addHelp')}
        </Button>
      </Flex>
      <Table<Help>
        rowKey="id"
        columns={columns}
        dataSource={helps}
        loading={loading}
        size="middle"
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('empty') }}
      />
      <Modal
        open={editing.open}
        title={editing.help ? t('form.editTitle') : t('form.addTitle')}
        onCancel={close}
        footer={null}
        destroyOnHidden
        keyboard={!saving}
        mask={{ closable: !saving }}
      >
        <Form<HelpFormValues> form={form} layout="vertical" onFinish={submit} initialValues={emptyHelp} requiredMark={false}>
          <Form.Item name="title" label={t('form.title')} rules={[zodRule(createHelpBody.shape.title)]}>
            <Input maxLength={200} autoFocus autoComplete="off" />
          </Form.Item>
          <Form.Item name="description" label={t('form.description')}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={5000} />
          </Form.Item>
          <Form.Item
            name="video"
            label={t('form.video')}
            extra={t('form.videoHint')}
            rules={[
              {
                validator: async (_r: unknown, value: string | undefined) => {
                  if (value?.trim() && !youtubeCode(value)) throw new Error(t('form.videoInvalid'));
                },
              },
            ]}
          >
            <Input maxLength={500} autoComplete="off" />
          </Form.Item>
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={close} disabled={saving}>
              {t('buttons.cancel')}
            </Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              {editing.help ? t('buttons.save') : t('buttons.add')}
            </Button>
          </Space>
        </Form>
      </Modal>
    </Flex>
  );
}
