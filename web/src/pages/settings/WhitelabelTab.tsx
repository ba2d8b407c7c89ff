import { useState } from 'react';
import { Button, Card, Col, ColorPicker, Flex, Image, Input, Row, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SettingKey } from '@atende/kit/contracts';
import { updateSetting, uploadWhitelabelImage, type WhitelabelUpload } from '../../api/admin';
import { toastError, toastSuccess } from '../../errors/toast';
import { usePublicSettings } from '../../theme/PublicSettingsContext';
import { assetUrl } from '../../theme/whitelabel';
import { valueOf, type SettingValues } from './settingsModel';

/** The image slots of the tab, each with the setting it fills. */
const imageSlots: { key: SettingKey; upload: WhitelabelUpload }[] = [
  { key: 'appLogoLight', upload: { kind: 'logo', mode: 'Light' } },
  { key: 'appLogoDark', upload: { kind: 'logo', mode: 'Dark' } },
  { key: 'appLogoFavicon', upload: { kind: 'logo', mode: 'Favicon' } },
  { key: 'loginEnterImage', upload: { kind: 'login', mode: 'Enter' } },
  { key: 'loginRegisterImage', upload: { kind: 'login', mode: 'Register' } },
];
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/x-icon,.ico';
const HEX = /^#[0-9a-f]{6}$/i;

export type WhitelabelTabProps = {
  values: SettingValues;
  /** Called with the stored value after a successful save. */
  onSaved(key: SettingKey, value: string): void;
};

/** Settings → Whitelabel (spec 001 §2, super user only): colours, system name, logos and login/signup backgrounds, each with a preview. */
export function WhitelabelTab({ values, onSaved }: WhitelabelTabProps) {
  const { t } = useTranslation('settings');
  const publicSettings = usePublicSettings();
  const [busy, setBusy] = useState<SettingKey | null>(null);
  const [appName, setAppName] = useState(() => valueOf(values, 'appName'));

  /** A stored value shows at once everywhere (theme, title, login page) and in this tab. */
  const stored = (key: SettingKey, value: string) => {
    onSaved(key, value);
    publicSettings.apply(key as Parameters<typeof publicSettings.apply>[0], value);
  };
  const save = async (key: SettingKey, value: string) => {
    setBusy(key);
    try {
      stored(key, (await updateSetting(key, value)).value);
      toastSuccess(t('toasts.saved'));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };
  const upload = async (key: SettingKey, slot: WhitelabelUpload, file: File) => {
    setBusy(key);
    try {
      stored(key, await uploadWhitelabelImage(slot, file, file.name));
      toastSuccess(t('toasts.saved'));
    } catch (err) {
      // Spec 001 §8: upload failures are only logged.
      console.error('whitelabel upload failed', err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Card title={t('whitelabel.identity')}>
        <Row gutter={[24, 16]}>
          {(['primaryColorLight', 'primaryColorDark'] as const).map((key) => (
            <Col key={key} xs={24} md={8}>
              <Typography.Text strong>{t(`keys.${key}`)}</Typography.Text>
              <div>
                <ColorPicker
                  value={valueOf(values, key)}
                  disabledAlpha
                  showText
                  disabled={busy === key}
                  onChangeComplete={(color) => {
                    const hex = color.toHexString();
                    if (HEX.test(hex) && hex.toLowerCase() !== valueOf(values, key).toLowerCase()) void save(key, hex);
                  }}
                />
              </div>
            </Col>
          ))}
          <Col xs={24} md={8}>
            <Typography.Text strong>
              <label htmlFor="setting-appName">{t('keys.appName')}</label>
            </Typography.Text>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                id="setting-appName"
                value={appName}
                maxLength={100}
                onChange={(e) => setAppName(e.target.value)}
                onPressEnter={() => void save('appName', appName)}
              />
              <Button type="primary" loading={busy === 'appName'} onClick={() => void save('appName', appName)}>
                {t('buttons.save')}
              </Button>
            </Space.Compact>
          </Col>
        </Row>
      </Card>
      <Card title={t('whitelabel.images')}>
        <Row gutter={[24, 24]}>
          {imageSlots.map(({ key, upload: slot }) => {
            const url = assetUrl(valueOf(values, key));
            return (
              <Col key={key} xs={24} sm={12} lg={8}>
                <Flex vertical gap={8}>
                  <Typography.Text strong>{t(`keys.${key}`)}</Typography.Text>
                  <Flex
                    align="center"
                    justify="center"
                    style={{ height: 120, border: '1px dashed rgba(128,128,128,0.4)', borderRadius: 8, overflow: 'hidden' }}
                  >
                    {url ? (
                      <Image src={url} alt={t(`keys.${key}`)} style={{ maxHeight: 118, objectFit: 'contain' }} />
                    ) : (
                      <Typography.Text type="secondary">{t('whitelabel.none')}</Typography.Text>
                    )}
                  </Flex>
                  <Space>
                    <Upload
                      accept={ACCEPT}
                      showUploadList={false}
                      beforeUpload={(file) => {
                        void upload(key, slot, file);
                        return false;
                      }}
                    >
                      <Button icon={<UploadOutlined />} loading={busy === key} aria-label={t('whitelabel.upload', { name: t(`keys.${key}`) })}>
                        {t('whitelabel.choose')}
                      </Button>
                    </Upload>
                    {url && (
                      <Button
                        icon={<DeleteOutlined />}
                        danger
                        disabled={busy === key}
                        onClick={() => void save(key, '')}
                        aria-label={t('whitelabel.remove', { name: t(`keys.${key}`) })}
                      >
                        {t('whitelabel.removeShort')}
                      </Button>
                    )}
                  </Space>
                </Flex>
              </Col>
            );
          })}
        </Row>
      </Card>
    </Flex>
  );
}
