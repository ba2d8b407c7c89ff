import { Button, Popover, Slider } from 'antd';
import { SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useVolume } from '../hooks/useVolume';

/** Notification volume: a slider from 0 to 1 in steps of 0.1, saved locally. */
export function VolumeControl() {
  const { t } = useTranslation('shell');
  const [volume, setVolume] = useVolume();
  return (
    <Popover
      trigger="click"
      placement="bottom"
      content={
        <div style={{ width: 160, padding: '4px 8px' }}>
          <Slider
            min={0}
            max={1}
            step={0.1}
            value={volume}
            onChange={(v) => setVolume(v)}
            aria-label={t('volume.label')}
            tooltip={{ formatter: (v) => `${Math.round((v ?? 0) * 100)}%` }}
          />
        </div>
      }
    >
      <Button type="text" data-testid="volume-button" aria-label={t('volume.label')} icon={<SoundOutlined />} />
    </Popover>
  );
}
