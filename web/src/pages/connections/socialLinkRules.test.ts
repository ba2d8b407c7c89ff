import { describe, expect, it } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { getFacebookConfig, linkFacebook } from '../../api/facebook';
import { http } from '../../api/http';
import { sessionActions } from './connectionRules';
import { facebookLogin, loadFacebookSdk, type FacebookSdk, type SdkHost } from './facebookSdk';
import { isSocialChannel, loginOptions, loginResult, newConnectionMenu, sdkLocale, sdkUrl } from './socialLinkRules';

const all = { useWhatsapp: true, useFacebook: true, useInstagram: true };
const config = {
  appId: '1234567890',
  version: 'v9.0',
  scope: 'public_profile,pages_messaging,pages_show_list,pages_manage_metadata,pages_read_engagement',
  instagramScope: 'public_profile,pages_messaging,pages_show_list,pages_manage_metadata,pages_read_engagement,instagram_basic,instagram_manage_messages',
};

describe('new-connection menu', () => {
  it('offers every channel the plan has once Facebook is configured', () => {
    expect(newConnectionMenu(all, config)).toEqual([
      { channel: 'whatsapp', disabled: false, reason: null },
      { channel: 'facebook', disabled: false, reason: null },
      { channel: 'instagram', disabled: false, reason: null },
    ]);
  });

  it('disables each channel the plan lacks', () => {
    expect(newConnectionMenu({ ...all, useFacebook: false }, config).map((i) => [i.channel, i.disabled, i.reason])).toEqual([
      ['whatsapp', false, null],
      ['facebook', true, 'plan'],
      ['instagram', false, null],
    ]);
    expect(newConnectionMenu(null, config).every((i) => i.disabled && i.reason === 'plan')).toBe(true);
  });

  it('says Facebook and Instagram are not configured when the server has no app, and waits while the config loads', () => {
    expect(newConnectionMenu(all, { appId: null }).map((i) => [i.channel, i.disabled, i.reason])).toEqual([
      ['whatsapp', false, null],
      ['facebook', true, 'notConfigured'],
      ['instagram', true, 'notConfigured'],
    ]);
    expect(newConnectionMenu(all, null)[1]).toEqual({ channel: 'facebook', disabled: true, reason: 'notConfigured' });
    expect(newConnectionMenu(all, undefined)[2]).toEqual({ channel: 'instagram', disabled: true, reason: null });
  });

  it('offers only "try again" to a disconnected page (no QR code on these channels)', () => {
    expect(sessionActions('DISCONNECTED', 'facebook')).toEqual(['retry']);
    expect(sessionActions('DISCONNECTED', 'instagram')).toEqual(['retry']);
    expect(sessionActions('DISCONNECTED', 'whatsapp')).toEqual(['retry', 'newQr']);
    expect(sessionActions('CONNECTED', 'facebook')).toEqual(['disconnect']);
    expect(isSocialChannel('instagram') && !isSocialChannel('whatsapp')).toBe(true);
  });
});

describe('Facebook login', () => {
  it("loads the SDK of the interface's language", () => {
    expect(['pt-BR', 'en', 'es', 'tr', undefined].map(sdkLocale)).toEqual(['pt_BR', 'en_US', 'es_LA', 'tr_TR', 'en_US']);
    expect(sdkUrl('pt_BR')).toBe('https://connect.facebook.net/pt_BR/sdk.js');
  });

  it("asks each item's scope", () => {
    expect(loginOptions(config, 'facebook')).toEqual({ scope: config.scope, return_scopes: true });
    expect(loginOptions(config, 'instagram').scope).toContain('instagram_manage_messages');
  });

  it('hands on the user id and token of a completed login, nothing for a closed dialog', () => {
    expect(loginResult({ status: 'connected', authResponse: { userID: '42', accessToken: 'EAAB' } })).toEqual({ facebookUserId: '42', facebookUserToken: 'EAAB' });
    expect(loginResult({ status: 'unknown', authResponse: null })).toBeNull();
    expect(loginResult({ status: 'not_authorized' })).toBeNull();
    expect(loginResult(undefined)).toBeNull();
  });

  /** A page where adding the SDK's script "loads" it: FB appears and fbAsyncInit is called. */
  const fakeHost = (answer: Parameters<Parameters<FacebookSdk['login']>[0]>[0], options: { fails?: boolean } = {}) => {
    const calls: { init: unknown[]; login: unknown[]; scripts: string[] } = { init: [], login: [], scripts: [] };
    const host: SdkHost = {
      window: {},
      document: {
        createElement: () => ({ remove() {} }) as unknown as HTMLScriptElement,
        head: {
          appendChild(script: HTMLScriptElement) {
            calls.scripts.push(script.src);
            queueMicrotask(() => {
              if (options.fails) return script.onerror?.(new Event('error') as never);
              host.window.FB = {
                init: (o) => calls.init.push(o),
                login: (callback, o) => {
                  calls.login.push(o);
                  callback(answer);
                },
              };
              host.window.fbAsyncInit?.();
            });
            return script;
          },
        },
      },
    };
    return { host, calls };
  };

  it('loads the SDK once, initialises it with the app and version, and logs in with the scope', async () => {
    const { host, calls } = fakeHost({ status: 'connected', authResponse: { userID: '7', accessToken: 'tok' } });
    expect(await facebookLogin(config, 'instagram', 'pt_BR', host)).toEqual({ facebookUserId: '7', facebookUserToken: 'tok' });
    expect(await facebookLogin(config, 'facebook', 'pt_BR', host)).toEqual({ facebookUserId: '7', facebookUserToken: 'tok' });
    expect(calls.scripts).toEqual(['https://connect.facebook.net/pt_BR/sdk.js']);
    expect(calls.init).toEqual([{ appId: '1234567890', version: 'v9.0', xfbml: false, cookie: false, autoLogAppEvents: false }]);
    expect(calls.login).toEqual([loginOptions(config, 'instagram'), loginOptions(config, 'facebook')]);
  });

  it('fails when the SDK cannot be loaded, and may try again', async () => {
    const { host, calls } = fakeHost({}, { fails: true });
    await expect(loadFacebookSdk('en_US', host)).rejects.toThrow('could not be loaded');
    await expect(loadFacebookSdk('en_US', host)).rejects.toThrow();
    expect(calls.scripts).toHaveLength(2);
  });
});

describe('API client', () => {
  const capture = async <T>(answer: unknown, call: () => Promise<T>) => {
    const seen: InternalAxiosRequestConfig[] = [];
    const previous = http.defaults.adapter;
    http.defaults.adapter = async (request) => {
      seen.push(request);
      return { data: answer, status: 200, statusText: 'OK', headers: {}, config: request };
    };
    try {
      return { result: await call(), request: seen[0]! };
    } finally {
      http.defaults.adapter = previous;
    }
  };

  it('POSTs /api/facebook with the login answer and gives back the linked connections', async () => {
    const { result, request } = await capture({ connections: [{ id: 5, name: 'Página' }] }, () =>
      linkFacebook({ facebookUserId: '42', facebookUserToken: 'EAAB', addInstagram: true }),
    );
    expect(request.method).toBe('post');
    expect(`${request.baseURL}${request.url}`).toBe('/api/facebook');
    expect(JSON.parse(request.data as string)).toEqual({ facebookUserId: '42', facebookUserToken: 'EAAB', addInstagram: true });
    expect(result).toEqual([{ id: 5, name: 'Página' }]);
  });

  it('reads the login config, an empty app id meaning not configured', async () => {
    const { result, request } = await capture(config, () => getFacebookConfig());
    expect(`${request.baseURL}${request.url}`).toBe('/api/facebook/config');
    expect(result).toEqual(config);
    expect((await capture({ appId: '', version: 'v9.0' }, () => getFacebookConfig())).result.appId).toBeNull();
  });
});
