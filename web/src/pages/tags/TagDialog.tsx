import { useEffect, useState } from 'react';
import { ColorPicker, Form, Input, InputNumber, Modal, Select, Spin, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { tagName, type Tag } from '@atende/kit/contracts';
import { createTag, listAllTags, updateTag } from '../../api/tags';
import { useAuth } from '../../auth/AuthContext';
import { toastError, toastSuccess } from '../../errors/toast';
import { isAdmin } from '../../permissions';
import { zodRule } from '../users/zodRule';
import { tagFormValues, toTagBody, type TagFormValues } from './tagRules';

export type TagDialogProps = {
  open: boolean;
  /** null: a new tag. */
  tag: Tag | null;
  /** The /TagsKanban screen: new tags are lanes and the lane fields show. */
  kanbanMode: boolean;
  onClose(): void;
  onSaved?(tag: Tag): void;
};

/** Add/edit tag dialog (spec 001 §2 "The tag modal handles normal and kanban tags"). */
export function TagDialog({ open, tag, kanbanMode, onClose, onSaved }: TagDialogProps) {
  const { t } = useTranslation('tags');
  const { user } = useAuth();
  const admin = isAdmin(user);
  const [form] = Form.useForm<TagFormValues>();
  const [saving, setSaving] = useState(false);
  const [lanes, setLanes] = useState<Tag[] | null>(null);
  const kanban = Form.useWatch('kanban', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(tagFormValues(tag, { kanbanMode }));
  }, [open, tag, kanbanMode, form]);

  // Lane selectors: the other kanban tags.
  const showLaneFields = !!kanban && (kanbanMode || tag?.kanban === 1 || admin);
  useEffect(() => {
    if (!open || !showLaneFields) return;
    let active = true;
    listAllTags(1)
      .then((list) => {
        if (active) setLanes(list.filter((l) => l.id !== tag?.id));
      })
      .catch(() => {
        if (active) setLanes([]);
      });
    return () => {
      active = false;
    };
  }, [open, showLaneFields, tag]);

  const submit = async () => {
    let values: TagFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = toTagBody({ ...form.getFieldsValue(true), ...values }, { isAdmin: admin, kanbanMode, current: tag });
      const saved = tag ? await updateTag(tag.id, body) : await createTag(body);
      toastSuccess(t('toasts.saved'), { form: true });
      onSaved?.(saved);
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const laneOptions = (lanes ?? []).map((l) => ({ value: l.id, label: l.name }));

  return (
    <Modal
      open={open}
      title={tag ? t('dialog.editTitle') : t('dialog.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={tag ? t('buttons.save') : t('buttons.add')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} layout="vertical" name="tag-form" onFinish={() => void submit()}>
        <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(tagName)]}>
          <Input autoFocus maxLength={100} />
        </Form.Item>
        <Form.Item
          name="color"
          label={t('fields.color')}
          getValueFromEvent={(color: { toHexString(): string }) => color.toHexString().toUpperCase()}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <ColorPicker showText disabledAlpha format="hex" aria-label={t('fields.color')} />
        </Form.Item>
        {admin && (
          <Form.Item name="kanban" label={t('fields.kanban')} valuePropName="checked">
            <Switch aria-label={t('fields.kanban')} />
          </Form.Item>
        )}
        {showLaneFields && (
          <Spin spinning={lanes === null}>
            <Form.Item name="timeLane" label={t('fields.timeLane')} tooltip={t('fields.timeLaneHint')}>
              <InputNumber min={0} max={100000} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="nextLaneId" label={t('fields.nextLane')}>
              <Select allowClear options={laneOptions} placeholder={t('fields.none')} />
            </Form.Item>
            <Form.Item name="rollbackLaneId" label={t('fields.rollbackLane')}>
              <Select allowClear options={laneOptions} placeholder={t('fields.none')} />
            </Form.Item>
            <Form.Item name="greetingMessageLane" label={t('fields.greetingMessageLane')}>
              <Input.TextArea rows={3} maxLength={10000} />
            </Form.Item>
          </Spin>
        )}
      </Form>
    </Modal>
  );
}
