import { EnvironmentOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocationInfo } from './cards';

/** The card of a locationMessage: map picture (when the message has one), place and 'open map'. */
export function LocationCard({ location, fallback }: { location: LocationInfo | null; fallback: string }) {
  const { t } = useTranslation('conversation');
  if (!location)
    return (
      <Typography.Text>
        <EnvironmentOutlined /> {fallback || t('media.location')}
      </Typography.Text>
    );
  const coords = location.latitude !== null && location.longitude !== null ? `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}` : null;
  return (
    <div data-testid="location-card" style={{ width: 240, maxWidth: '100%' }}>
      {location.thumbnail && (
        <a href={location.mapUrl} target="_blank" rel="noreferrer">
          <img
            src={location.thumbnail}
            alt={t('media.location')}
            loading="lazy"
            // A broken map picture is dropped: the place and the link remain.
            onError={(e) => {
              e.currentTarget.style.display = 'none';
            }}
            style={{ width: '100%', maxHeight: 160, objectFit: 'cover', borderRadius: 6, display: 'block' }}
          />
        </a>
      )}
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start', padding: '6px 0 2px' }}>
        <EnvironmentOutlined style={{ fontSize: 20, color: '#ff4d4f', marginTop: 2 }} />
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ display: 'block' }}>
            {location.description ?? t('media.location')}
          </Typography.Text>
          {coords && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {coords}
            </Typography.Text>
          )}
        </div>
      </div>
      <a href={location.mapUrl} target="_blank" rel="noreferrer">
        {t('media.openMap')}
      </a>
    </div>
  );
}
