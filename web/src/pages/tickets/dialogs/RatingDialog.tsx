import { useEffect } from 'react';
import { Form, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@atende/kit/contracts';

type RatingValues = { ratingId?: 'request' | 'skip' };

/**
 * Resolving while the company asks for ratings (setting userRating): the attendant says whether this
 * contact gets the request (a rate from 1 to 5; the ticket waits in status nps until the answer).
 * The choice is required ('Avaliação obrigatória').
 */
export function RatingDialog({ ticket, busy, onCancel, onChosen }: { ticket: Ticket | null; busy: boolean; onCancel(): void; onChosen(sendRating: boolean): void }) {
  const { t } = useTranslation('ticketDialogs');
  const [form] = Form.useForm<RatingValues>();

  useEffect(() => {
    if (ticket) form.setFieldsValue({ ratingId: undefined });
  }, [ticket, form]);

  return (
    <Modal
      open={!!ticket}
      title={ticket ? t('rating.title', { id: ticket.id }) : ''}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okText={t('buttons.resolve')}
      cancelText={t('buttons.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      forceRender
    >
      <Form<RatingValues> form={form} layout="vertical" name="ticket-rating" onFinish={(values) => onChosen(values.ratingId === 'request')}>
        <Form.Item name="ratingId" label={t('rating.field')} rules={[{ required: true, message: t('validation.ratingRequired') }]}>
          <Radio.Group>
            <Space direction="vertical">
              <Radio value="request">
                {t('rating.request')}
                <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
                  {t('rating.requestHint')}
                </Typography.Paragraph>
              </Radio>
              <Radio value="skip">{t('rating.skip')}</Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
