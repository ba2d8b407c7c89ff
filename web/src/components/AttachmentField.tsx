import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

export type AttachmentFieldProps = {
  /** The screen's i18n namespace: its fields.noMedia, buttons.removeMedia and buttons.attach texts. */
  namespace: string;
  /** The file shown: the one picked and not sent yet, else the stored one's name (null: none). */
  attachment: string | null;
  editable: boolean;
  accept?: string;
  /** A file was picked (kept by the dialog until it saves). */
  onPick(file: File): void;
  onRemove(): void;
};

/** One attachment of a record being edited: its name, remove, and a picker (campaigns, schedules). */
export function AttachmentField({ namespace, attachment, editable, accept, onPick, onRemove }: AttachmentFieldProps) {
  const { t } = useTranslation(namespace);
  return (
    <Space wrap>
      {attachment ? (
        <>
          <Typography.Text>
            <PaperClipOutlined /> {attachment}
          </Typography.Text>
          {editable && (
            <Button danger icon={<DeleteOutlined />} onClick={onRemove}>
              {t('buttons.removeMedia')}
            </Button>
          )}
        </>
      ) : (
        <Typography.Text type="secondary">{t('fields.noMedia')}</Typography.Text>
      )}
      {editable && (
        <Upload
          accept={accept}
          maxCount={1}
          showUploadList={false}
          beforeUpload={(f) => {
            onPick(f);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('buttons.attach')}</Button>
        </Upload>
      )}
    </Space>
  );
}
