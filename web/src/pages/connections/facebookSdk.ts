import type { FacebookLoginConfig } from '@atende/kit/contracts';
import { loginOptions, loginResult, sdkUrl } from './socialLinkRules';

/**
 * Facebook's JS SDK, loaded only when a person picks Facebook or Instagram in the new-connection menu
 * (never with the app's bundle), then FB.init with the server's app id and version and FB.login with the
 * item's scope (spec 001 §7).
 */

type LoginResponse = { status?: string; authResponse?: { userID?: unknown; accessToken?: unknown } | null };
export type FacebookSdk = {
  init(options: { appId: string; version: string; xfbml?: boolean; cookie?: boolean; autoLogAppEvents?: boolean }): void;
  login(callback: (response: LoginResponse) => void, options: { scope: string; return_scopes?: boolean }): void;
};

/** Where the SDK is put and found (the browser's window and document; tests give stand-ins). */
export type SdkHost = {
  window: { FB?: FacebookSdk; fbAsyncInit?: () => void };
  document: { createElement(tag: 'script'): HTMLScriptElement; head: { appendChild(node: HTMLScriptElement): unknown } };
};

const browser = (): SdkHost => ({ window: window as unknown as SdkHost['window'], document });
const LOAD_TIMEOUT_MS = 20_000;

let loading: { host: SdkHost; promise: Promise<FacebookSdk> } | null = null;
let initialised: { host: SdkHost; appId: string } | null = null;

/** The SDK of the given locale, added to the page once (a failed load may be tried again). */
export function loadFacebookSdk(locale: string, host: SdkHost = browser()): Promise<FacebookSdk> {
  if (host.window.FB) return Promise.resolve(host.window.FB);
  if (loading?.host === host) return loading.promise;
  const promise = new Promise<FacebookSdk>((resolve, reject) => {
    const script = host.document.createElement('script');
    const fail = (message: string) => {
      clearTimeout(timer);
      loading = null;
      script.remove?.();
      reject(new Error(message));
    };
    const timer = setTimeout(() => fail('Facebook SDK did not load'), LOAD_TIMEOUT_MS);
    // The SDK calls fbAsyncInit once it is ready.
    host.window.fbAsyncInit = () => {
      clearTimeout(timer);
      if (host.window.FB) resolve(host.window.FB);
      else fail('Facebook SDK loaded without FB');
    };
    script.id = 'facebook-jssdk';
    script.src = sdkUrl(locale);
    script.async = true;
    script.defer = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => fail('Facebook SDK could not be loaded');
    host.document.head.appendChild(script);
  });
  loading = { host, promise };
  return promise;
}

/**
 * Logs the person in with Facebook for the item picked; answers what POST /api/facebook takes, or null
 * when they closed the dialog or refused.
 */
export async function facebookLogin(
  config: FacebookLoginConfig & { appId: string },
  channel: 'facebook' | 'instagram',
  locale: string,
  host: SdkHost = browser(),
): Promise<{ facebookUserId: string; facebookUserToken: string } | null> {
  const FB = await loadFacebookSdk(locale, host);
  if (initialised?.host !== host || initialised.appId !== config.appId) {
    FB.init({ appId: config.appId, version: config.version, xfbml: false, cookie: false, autoLogAppEvents: false });
    initialised = { host, appId: config.appId };
  }
  return new Promise((resolve) => FB.login((response) => resolve(loginResult(response)), loginOptions(config, channel)));
}
