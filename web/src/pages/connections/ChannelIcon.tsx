import { FacebookFilled, InstagramFilled, WhatsAppOutlined } from '@ant-design/icons';
import type { Channel } from '@atende/kit/contracts';

/** A connection's channel as an icon in its brand colour, named for screen readers. */
export function ChannelIcon({ channel, label }: { channel: Channel | string; label: string }) {
  const style = { fontSize: 18 };
  if (channel === 'facebook') return <FacebookFilled role="img" aria-label={label} style={{ ...style, color: '#1877f2' }} />;
  if (channel === 'instagram') return <InstagramFilled role="img" aria-label={label} style={{ ...style, color: '#e1306c' }} />;
  return <WhatsAppOutlined role="img" aria-label={label} style={{ ...style, color: '#25d366' }} />;
}
