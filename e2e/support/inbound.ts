import type { TestPlatform } from '@atende/standalone/testing';

/** A contact's WhatsApp message arriving on the bus exactly as the channels service publishes it. */
export function contactWrites(
  platform: TestPlatform,
  companyId: number,
  message: { connectionId: number; number: string; name: string; wid: string; body: string },
): Promise<void> {
  return platform.publish('channels.message.received', companyId, {
    connectionId: message.connectionId,
    channel: 'whatsapp',
    contact: { number: message.number, name: message.name, pictureUrl: null, lid: null, remoteJid: `${message.number}@s.whatsapp.net` },
    isGroup: false,
    group: null,
    wid: message.wid,
    fromMe: false,
    body: message.body,
    media: null,
    quotedWid: null,
    timestamp: Math.floor(Date.now() / 1000),
  });
}
