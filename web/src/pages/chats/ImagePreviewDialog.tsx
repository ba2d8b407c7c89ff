import { Button, Modal } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

type ImagePreviewDialogProps = { image: { src: string; name: string } | null; onClose(): void };

/** A chat picture at full size with a download button (spec 002 §2). */
export function ImagePreviewDialog({ image, onClose }: ImagePreviewDialogProps) {
  const { t } = useTranslation('chats');
  return (
    <Modal
      open={!!image}
      onCancel={onClose}
      title={image?.name || t('media.preview')}
      width="auto"
      centered
      destroyOnHidden
      footer={
        image ? (
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={image.src}
            download={image.name || true}
            target="_blank"
            rel="noreferrer"
            data-testid="chat-image-download"
          >
            {t('media.download')}
          </Button>
        ) : null
      }
    >
      {image && (
        <img
          src={image.src}
          alt={image.name || t('media.image')}
          style={{ display: 'block', minWidth: 160, maxWidth: '80vw', maxHeight: '70vh', margin: '0 auto', objectFit: 'contain' }}
        />
      )}
    </Modal>
  );
}
