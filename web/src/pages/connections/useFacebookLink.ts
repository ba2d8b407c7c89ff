import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FacebookLoginConfig, WhatsappConnection } from '@atende/kit/contracts';
import { getFacebookConfig, linkFacebook } from '../../api/facebook';
import { toastError, toastInfo, toastSuccess } from '../../errors/toast';
import { facebookLogin } from './facebookSdk';
import { sdkLocale } from './socialLinkRules';

export type FacebookLink = {
  /** undefined while loading; null when it could not be read. */
  config: FacebookLoginConfig | null | undefined;
  /** The item whose login is running. */
  linking: 'facebook' | 'instagram' | null;
  link(channel: 'facebook' | 'instagram'): Promise<void>;
};

/**
 * The Facebook and Instagram items of the new-connection menu (spec 001 §2, §7, §8 "channel link
 * success"): Facebook's login, then POST /api/facebook; the linked connections are handed to `onLinked`.
 * `companyId`: the company they are for (a super user in the all-connections dialog); else the user's own.
 */
export function useFacebookLink(onLinked: (connections: WhatsappConnection[]) => void, companyId?: number): FacebookLink {
  const { t, i18n } = useTranslation('connections');
  const [config, setConfig] = useState<FacebookLoginConfig | null | undefined>(undefined);
  const [linking, setLinking] = useState<'facebook' | 'instagram' | null>(null);

  useEffect(() => {
    let alive = true;
    getFacebookConfig().then(
      (c) => alive && setConfig(c),
      () => alive && setConfig(null),
    );
    return () => {
      alive = false;
    };
  }, []);

  const link = useCallback(
    async (channel: 'facebook' | 'instagram') => {
      if (!config?.appId || linking) return;
      setLinking(channel);
      try {
        let login: Awaited<ReturnType<typeof facebookLogin>>;
        try {
          login = await facebookLogin({ ...config, appId: config.appId }, channel, sdkLocale(i18n.language));
        } catch {
          toastError(t('social.sdkFailed'));
          return;
        }
        if (!login) {
          toastInfo(t('social.cancelled'));
          return;
        }
        const connections = await linkFacebook({ ...login, addInstagram: channel === 'instagram', companyId });
        onLinked(connections);
        toastSuccess(t('toasts.linked', { channel: t(`channels.${channel}`), count: connections.length }));
      } catch (err) {
        toastError(err);
      } finally {
        setLinking(null);
      }
    },
    [config, linking, i18n, t, onLinked, companyId],
  );

  return { config, linking, link };
}
