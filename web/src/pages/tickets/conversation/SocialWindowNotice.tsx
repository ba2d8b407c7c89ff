import { useEffect, useState } from 'react';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../format/dates';
import { socialWindow } from './time';

export type WindowInput = { lastInbound: string | null; oldest: string | null; complete: boolean };

/**
 * Facebook and Instagram only allow replies within 24 hours of the contact's last message (spec 000
 * §1): a warning once that window is closed, a discreet hint of when it closes while it is open.
 */
export function SocialWindowNotice({ channel, input }: { channel: 'facebook' | 'instagram'; input: WindowInput }) {
  const { t } = useTranslation('conversation');
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  const state = socialWindow({ ...input, now });
  const name = t(`social.channels.${channel}`);
  if (state.state === 'closed')
    return (
      <Alert
        type="warning"
        showIcon
        banner
        role="status"
        data-testid="social-window-closed"
        title={t('social.closed', { channel: name })}
        style={{ padding: '4px 12px' }}
      />
    );
  if (state.state === 'open')
    return (
      <Typography.Text type="secondary" role="status" style={{ padding: '2px 12px', fontSize: 12 }}>
        {t('social.openUntil', { channel: name, time: formatDateTime(new Date(state.closesAt)) })}
      </Typography.Text>
    );
  return (
    <Typography.Text type="secondary" role="status" style={{ padding: '2px 12px', fontSize: 12 }}>
      {t('social.rule', { channel: name })}
    </Typography.Text>
  );
}
