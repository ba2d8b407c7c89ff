import { useEffect, useRef, useState } from 'react';
import { Flex, Modal, QRCode, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getConnection } from '../../api/channels';
import { toastError } from '../../errors/toast';
import { useCompanyEvent } from '../../socket/SocketContext';
import { closesQrDialog, type SessionEvent } from './connectionRules';

/** Spec 001 §9: QR size 300. */
export const QR_SIZE = 300;

export type QrCodeDialogProps = {
  /** The connection whose session is shown; null: closed. */
  connectionId: number | null;
  onClose(): void;
};

/**
 * The session's QR code (spec 001 §2 QR code dialog): read with the connection, then kept live by
 * company-{id}-whatsappSession; a waiting text until a code arrives; it closes by itself when an
 * update arrives with an empty QR code (the phone scanned it, or the session ended).
 */
export function QrCodeDialog({ connectionId, onClose }: QrCodeDialogProps) {
  const { t } = useTranslation('connections');
  const [qrcode, setQrcode] = useState('');
  const [loading, setLoading] = useState(false);
  const openId = useRef(connectionId);
  openId.current = connectionId;

  useEffect(() => {
    setQrcode('');
    if (connectionId === null) return;
    let active = true;
    setLoading(true);
    getConnection(connectionId)
      .then((c) => active && setQrcode((current) => current || c.qrcode || ''))
      .catch((err: unknown) => active && toastError(err))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [connectionId]);

  useCompanyEvent<SessionEvent>('whatsappSession', (event) => {
    if (closesQrDialog(openId.current, event)) {
      onClose();
      return;
    }
    if (event?.action === 'update' && event.session?.id === openId.current && event.session.qrcode) setQrcode(event.session.qrcode);
  });

  return (
    <Modal open={connectionId !== null} title={t('qr.title')} onCancel={onClose} footer={null} width={380} destroyOnHidden>
      <Flex vertical align="center" gap={12} style={{ minHeight: QR_SIZE + 40 }}>
        <Typography.Text type="secondary">{t('qr.instructions')}</Typography.Text>
        {qrcode ? (
          <QRCode value={qrcode} size={QR_SIZE} data-testid="connection-qrcode" />
        ) : (
          <Flex vertical align="center" justify="center" gap={12} style={{ height: QR_SIZE }}>
            <Spin spinning={loading || connectionId !== null} />
            <Typography.Text data-testid="connection-qrcode-waiting">{t('qr.waiting')}</Typography.Text>
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}
