import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Flex, Form, Input, Modal, Progress, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { createFileList, updateFileList, uploadFileListFile, type FileListRecord } from '../../api/files';
import { toastError, toastSuccess, translateError } from '../../errors/toast';
import {
  FILE_ACCEPT,
  canAddOption,
  draftsOf,
  emptyDraft,
  messageProblem,
  nameProblem,
  optionProblems,
  pendingUploads,
  pickFile,
  settleDrafts,
  toBody,
  type FieldProblem,
  type OptionDraft,
} from './filesRules';

export type FileListDialogProps = {
  open: boolean;
  /** The list edited (null: a new one). */
  record: FileListRecord | null;
  onClose(): void;
  /** The list as saved (called after the save and again after the uploads). */
  onSaved(record: FileListRecord): void;
};

type Values = { name: string; message: string };

/**
 * Add/edit a file list (spec 002 §2, §5): name (min 3), message (required) and its files, one row each
 * (a name and a file). Saving stores the list first, then uploads each newly picked file to its option.
 */
export function FileListDialog({ open, record, onClose, onSaved }: FileListDialogProps) {
  const { t } = useTranslation('files');
  const [form] = Form.useForm<Values>();
  const [drafts, setDrafts] = useState<OptionDraft[]>([]);
  // The list once saved in this dialog: a retry after a failed upload updates it instead of creating another.
  const [current, setCurrent] = useState<FileListRecord | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ name: record?.name ?? '', message: record?.message ?? '' });
    setDrafts(draftsOf(record));
    setCurrent(record);
    setSubmitted(false);
    setProgress(null);
  }, [open, record, form]);

  const problems = useMemo(() => (submitted ? optionProblems(drafts) : {}), [submitted, drafts]);
  const problemText = (p: FieldProblem | undefined) => (p ? t(`validation.${p}`) : undefined);
  const change = (key: string, next: (d: OptionDraft) => OptionDraft) => setDrafts((list) => list.map((d) => (d.key === key ? next(d) : d)));

  const submit = async () => {
    setSubmitted(true);
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (Object.keys(optionProblems(drafts)).length > 0) return;
    setSaving(true);
    try {
      const body = toBody(values, drafts);
      let saved = current ? await updateFileList(current.id, body) : await createFileList(body);
      const uploads = pendingUploads(saved, drafts);
      const settled = settleDrafts(saved, drafts);
      setCurrent(saved);
      setDrafts(settled);
      onSaved(saved);
      setProgress(uploads.length ? { done: 0, total: uploads.length } : null);
      for (const [i, upload] of uploads.entries()) {
        try {
          saved = await uploadFileListFile(saved.id, upload.option, upload.file);
        } catch (err) {
          toastError(t('toasts.uploadFailed', { name: upload.option.name, error: translateError(err) }));
          // The files sent so far are kept; the rest stay picked for another try.
          const sent = new Set(uploads.slice(0, i).map((u) => u.option.id));
          setDrafts(settleDrafts(saved, settled).map((d) => (d.id !== null && sent.has(d.id) ? { ...d, file: null } : d)));
          setCurrent(saved);
          onSaved(saved);
          return;
        }
        setProgress({ done: i + 1, total: uploads.length });
      }
      onSaved(saved);
      toastSuccess(t('toasts.saved'), { form: true });
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  const editing = current !== null;
  return (
    <Modal
      open={open}
      title={record ? t('dialog.editTitle') : t('dialog.addTitle')}
      onCancel={onClose}
      forceRender
      width={640}
      okText={editing ? t('buttons.save') : t('buttons.create')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
    >
      <Form form={form} layout="vertical" name="file-list-form" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={t('dialog.name')}
          required
          rules={[
            {
              validator: async (_r: unknown, value: string) => {
                const problem = nameProblem(value);
                if (problem) throw new Error(t(`validation.${problem}`));
              },
            },
          ]}
        >
          <Input autoFocus maxLength={110} />
        </Form.Item>
        <Form.Item
          name="message"
          label={t('dialog.message')}
          extra={t('dialog.messageHelp')}
          required
          rules={[
            {
              validator: async (_r: unknown, value: string) => {
                const problem = messageProblem(value);
                if (problem) throw new Error(t(`validation.${problem}`));
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>

      <Flex align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('dialog.options')}</Typography.Text>
        <Button icon={<PlusOutlined />} disabled={!canAddOption(drafts) || saving} onClick={() => setDrafts((list) => [...list, emptyDraft()])}>
          {t('buttons.addOption')}
        </Button>
      </Flex>
      {drafts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dialog.noOptions')} />
      ) : (
        <Flex vertical gap={12} role="list" aria-label={t('dialog.options')}>
          {drafts.map((d, i) => {
            const p = problems[d.key] ?? {};
            const index = i + 1;
            return (
              <div key={d.key} role="listitem" style={{ border: '1px solid rgba(128,128,128,0.25)', borderRadius: 8, padding: 12 }}>
                <Flex gap={8} align="center">
                  <Typography.Text type="secondary">{index}.</Typography.Text>
                  <Input
                    aria-label={t('dialog.optionName', { index })}
                    placeholder={t('dialog.optionPlaceholder')}
                    value={d.name}
                    maxLength={255}
                    disabled={saving}
                    status={p.name ? 'error' : undefined}
                    style={{ flex: 1 }}
                    onChange={(e) => change(d.key, (x) => ({ ...x, name: e.target.value }))}
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={saving}
                    aria-label={t('buttons.removeOption', { index })}
                    onClick={() => setDrafts((list) => list.filter((x) => x.key !== d.key))}
                  />
                </Flex>
                {p.name && (
                  <div>
                    <Typography.Text type="danger">{problemText(p.name)}</Typography.Text>
                  </div>
                )}
                <Space wrap style={{ marginTop: 8, display: 'flex' }}>
                  {d.file ? (
                    <Typography.Text>
                      <PaperClipOutlined /> {d.file.name}
                    </Typography.Text>
                  ) : d.path ? (
                    <Typography.Link href={d.path} target="_blank" rel="noreferrer">
                      <PaperClipOutlined /> {t('dialog.storedFile', { type: d.mediaType || '?' })}
                    </Typography.Link>
                  ) : (
                    <Typography.Text type={p.file ? 'danger' : 'secondary'}>{p.file ? problemText(p.file) : t('dialog.noFile')}</Typography.Text>
                  )}
                  <Upload
                    accept={FILE_ACCEPT}
                    maxCount={1}
                    showUploadList={false}
                    disabled={saving}
                    beforeUpload={(file) => {
                      change(d.key, (x) => pickFile(x, file));
                      return false;
                    }}
                  >
                    <Button icon={<UploadOutlined />} disabled={saving} aria-label={t(d.file || d.path ? 'buttons.replaceFor' : 'buttons.pickFor', { index })}>
                      {d.file || d.path ? t('buttons.replace') : t('buttons.pick')}
                    </Button>
                  </Upload>
                </Space>
              </div>
            );
          })}
        </Flex>
      )}
      {progress && (
        <div style={{ marginTop: 16 }} role="status">
          <Typography.Text>{t('dialog.uploading', { done: progress.done, total: progress.total })}</Typography.Text>
          <Progress percent={Math.round((progress.done / progress.total) * 100)} size="small" />
        </div>
      )}
    </Modal>
  );
}
