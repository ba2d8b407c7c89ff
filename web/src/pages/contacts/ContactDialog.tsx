import { useEffect, useMemo, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Select, Spin, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { contactNumber, editedContactNumber, optionalEmail, type Contact, type Tag } from '@atende/kit/contracts';
import { createContact, getContact, syncContactTags, updateContact } from '../../api/contacts';
import { listAllTags } from '../../api/tags';
import { toastError, toastSuccess } from '../../errors/toast';
import { zodRule } from '../users/zodRule';
import { CONTACT_NAME_MAX, contactFormValues, contactNameSchema, tagsChanged, toContactBody, type ContactFormValues } from './contactRules';

export type ContactDialogProps = {
  open: boolean;
  /** null: a new contact. */
  contactId: number | null;
  onClose(): void;
  onSaved?(contact: Contact): void;
  /** The longest name accepted (250; the contact drawer's edit form allows 50). */
  maxNameLength?: number;
};

/** Add/edit contact (spec 001 §2): name, number, e-mail, tags and extra information (name/value). */
export function ContactDialog({ open, contactId, onClose, onSaved, maxNameLength = CONTACT_NAME_MAX }: ContactDialogProps) {
  const { t } = useTranslation('contacts');
  const nameRule = useMemo(() => zodRule(contactNameSchema(maxNameLength)), [maxNameLength]);
  const [form] = Form.useForm<ContactFormValues>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [loaded, setLoaded] = useState<Contact | null>(null);
  const [tags, setTags] = useState<Tag[]>([]);

  useEffect(() => {
    if (!open) return;
    let active = true;
    setLoaded(null);
    form.resetFields();
    form.setFieldsValue(contactFormValues(null));
    listAllTags()
      .then((list) => {
        if (active) setTags(list);
      })
      .catch(() => undefined);
    if (contactId !== null) {
      setLoading(true);
      getContact(contactId)
        .then((c) => {
          if (!active) return;
          setLoaded(c);
          form.setFieldsValue(contactFormValues(c));
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
  }, [open, contactId, form]);

  const submit = async () => {
    let values: ContactFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const all = { ...form.getFieldsValue(true), ...values } as ContactFormValues;
      const body = toContactBody(all);
      let saved = loaded ? await updateContact(loaded.id, body) : await createContact(body);
      const before = saved.tags.map((x) => x.id);
      if (tagsChanged(before, all.tagIds ?? [])) saved = await syncContactTags(saved.id, all.tagIds ?? []);
      toastSuccess(t('toasts.saved'), { form: true });
      onSaved?.(saved);
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={contactId === null ? t('dialog.addTitle') : t('dialog.editTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={contactId === null ? t('buttons.add') : t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading }}
      forceRender
      width={600}
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" name="contact-form">
          <Form.Item name="name" label={t('fields.name')} required rules={[nameRule]}>
            <Input autoFocus maxLength={maxNameLength} />
          </Form.Item>
          {/* An edit may send back the number as shown: masked for a user the company hides numbers from (the server keeps the stored one). */}
          <Form.Item name="number" label={t('fields.number')} required rules={[zodRule(contactId === null ? contactNumber : editedContactNumber)]} extra={t('fields.numberHint')}>
            <Input maxLength={50} inputMode="tel" />
          </Form.Item>
          <Form.Item name="email" label={t('fields.email')} rules={[zodRule(optionalEmail, { optionalEmpty: true })]}>
            <Input maxLength={254} type="email" />
          </Form.Item>
          <Form.Item name="tagIds" label={t('fields.tags')}>
            <Select mode="multiple" allowClear optionFilterProp="label" options={tags.map((x) => ({ value: x.id, label: x.name }))} />
          </Form.Item>
          <Typography.Text strong>{t('fields.extraInfo')}</Typography.Text>
          <Form.List name="extraInfo">
            {(fields, { add, remove }) => (
              <Flex vertical gap={4} style={{ marginTop: 8 }}>
                {fields.map((field, index) => (
                  <Flex key={field.key} gap={8} align="start">
                    <Form.Item name={[field.name, 'name']} label={t('fields.extraName', { n: index + 1 })} style={{ flex: 1, marginBottom: 8 }}>
                      <Input maxLength={100} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} label={t('fields.extraValue', { n: index + 1 })} style={{ flex: 1, marginBottom: 8 }}>
                      <Input maxLength={2000} />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('buttons.removeExtra', { n: index + 1 })}
                      onClick={() => remove(field.name)}
                      style={{ marginTop: 30 }}
                    />
                  </Flex>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })}>
                  {t('buttons.addExtra')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form>
      </Spin>
    </Modal>
  );
}
