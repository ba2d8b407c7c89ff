import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Flex, Input, List, Modal, Typography } from 'antd';
import { DeleteOutlined, FileOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../components/formatBytes';
import { isImageType, mergeFiles } from './composerRules';
import { HiddenFileInput } from './HiddenFileInput';

type Props = {
  files: File[];
  caption: string;
  sending: boolean;
  onFilesChange(files: File[]): void;
  onCaptionChange(caption: string): void;
  onSend(): void;
  onCancel(): void;
};

/** An image thumbnail from an object URL, revoked when the file leaves. */
function Thumbnail({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url ? (
    <img src={url} alt={file.name} style={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 6, display: 'block' }} />
  ) : (
    <div style={{ width: 64, height: 64 }} />
  );
}

/**
 * The preview before sending files (spec 000 §2 'file preview with caption'): image thumbnails, other
 * files by name and size, removal, more files, and a caption (sent with the first file).
 */
export function AttachmentDialog({ files, caption, sending, onFilesChange, onCaptionChange, onSend, onCancel }: Props) {
  const { t } = useTranslation('composer');
  const more = useRef<HTMLInputElement>(null);

  const onCaptionKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!sending && files.length) onSend();
    }
  };

  return (
    <Modal
      open={files.length > 0}
      title={t('attach.title', { count: files.length })}
      onCancel={onCancel}
      onOk={onSend}
      okText={t('buttons.send')}
      cancelText={t('buttons.cancel')}
      confirmLoading={sending}
      okButtonProps={{ disabled: !files.length }}
      destroyOnHidden
    >
      <List
        size="small"
        aria-label={t('attach.listLabel')}
        dataSource={files}
        style={{ maxHeight: 320, overflowY: 'auto', marginBottom: 8 }}
        renderItem={(file, index) => (
          <List.Item
            actions={[
              <Button
                key="remove"
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('attach.remove', { name: file.name })}
                disabled={sending}
                onClick={() => onFilesChange(files.filter((_, i) => i !== index))}
              />,
            ]}
          >
            <Flex align="center" gap={10} style={{ minWidth: 0 }}>
              {isImageType(file.type) ? <Thumbnail file={file} /> : <FileOutlined style={{ fontSize: 32, width: 64 }} aria-hidden />}
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text ellipsis style={{ maxWidth: 300 }} title={file.name}>
                  {file.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatBytes(file.size)}
                </Typography.Text>
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
      <HiddenFileInput ref={more} onFiles={(added) => added.length > 0 && onFilesChange(mergeFiles(files, added))} />
      <Button size="small" icon={<PlusOutlined />} onClick={() => more.current?.click()} disabled={sending} style={{ marginBottom: 8 }}>
        {t('attach.addMore')}
      </Button>
      <Input.TextArea
        value={caption}
        onChange={(e) => onCaptionChange(e.target.value)}
        onKeyDown={onCaptionKey}
        placeholder={t('attach.caption')}
        aria-label={t('attach.caption')}
        autoSize={{ minRows: 2, maxRows: 6 }}
        disabled={sending}
        autoFocus
      />
    </Modal>
  );
}
