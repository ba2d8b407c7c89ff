import './helpsLocales';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Card, Col, Empty, Flex, Modal, Row, Spin, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Help } from '@atende/kit/contracts';
import { listHelps } from '../../api/admin';
import { toastError } from '../../errors/toast';
import { youtubeCode, youtubeEmbed, youtubeThumbnail } from './youtube';

/** /helps (spec 001 §2): a grid of help videos; a click opens the embedded video; Escape closes it. */
export default function HelpsPage() {
  const { t } = useTranslation('helps');
  const [helps, setHelps] = useState<Help[]>([]);
  const [loading, setLoading] = useState(true);
  const [playing, setPlaying] = useState<{ help: Help; code: string } | null>(null);

  useEffect(() => {
    let active = true;
    listHelps()
      .then((list) => active && setHelps(list))
      .catch((err: unknown) => active && toastError(err))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, []);

  const open = (help: Help) => {
    const code = youtubeCode(help.video);
    if (code) setPlaying({ help, code });
  };
  const onKey = (e: KeyboardEvent, help: Help) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open(help);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Spin spinning={loading}>
        {!loading && helps.length === 0 ? (
          <Empty description={t('empty')} />
        ) : (
          <Row gutter={[16, 16]}>
            {helps.map((help) => {
              const code = youtubeCode(help.video);
              return (
                <Col key={help.id} xs={24} sm={12} md={8} xl={6}>
                  <Card
                    hoverable={!!code}
                    role={code ? 'button' : undefined}
                    tabIndex={code ? 0 : undefined}
                    aria-label={code ? t('watch', { title: help.title }) : undefined}
                    onClick={() => open(help)}
                    onKeyDown={(e) => onKey(e, help)}
                    cover={
                      code ? (
                        <div style={{ position: 'relative' }}>
                          <img
                            src={youtubeThumbnail(code)}
                            alt={help.title}
                            style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block' }}
                            loading="lazy"
                          />
                          <PlayCircleOutlined
                            aria-hidden
                            style={{ position: 'absolute', inset: 0, margin: 'auto', fontSize: 48, color: 'rgba(255,255,255,0.9)', width: 48, height: 48 }}
                          />
                        </div>
                      ) : undefined
                    }
                  >
                    <Card.Meta
                      title={help.title}
                      description={
                        <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} style={{ margin: 0 }}>
                          {help.description ?? ''}
                        </Typography.Paragraph>
                      }
                    />
                  </Card>
                </Col>
              );
            })}
          </Row>
        )}
      </Spin>
      <Modal open={!!playing} title={playing?.help.title} onCancel={() => setPlaying(null)} footer={null} width={880} destroyOnHidden centered keyboard>
        {playing && (
          <div style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9' }}>
            <iframe
              src={youtubeEmbed(playing.code)}
              title={playing.help.title}
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
            />
          </div>
        )}
      </Modal>
    </Flex>
  );
}
