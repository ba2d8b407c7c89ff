import axios, { AxiosHeaders, type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import type { SessionAnswer } from '@atende/kit/contracts';
import { publicHttp } from './public';

/**
 * The main API client (spec 000 §4, §7): bearer token from local storage plus cookies
 * (the refresh token is an httpOnly cookie). A 403 is retried once after a token refresh;
 * a 401 drops the token and sends the user to /login.
 */

export const TOKEN_STORAGE_KEY = 'token';

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

let accessToken: string | null = storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
const tokenListeners = new Set<(token: string | null) => void>();

export function getAccessToken(): string | null {
  return accessToken;
}

/** Keeps the access token in memory and in local storage (key 'token'); null removes it. */
export function setAccessToken(token: string | null): void {
  accessToken = token;
  const store = storage();
  if (token) store?.setItem(TOKEN_STORAGE_KEY, token);
  else store?.removeItem(TOKEN_STORAGE_KEY);
  for (const listener of tokenListeners) listener(token);
}

/** Called with every new token (login, refresh, logout). Returns the unsubscribe function. */
export function onAccessTokenChange(listener: (token: string | null) => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

type SessionHandlers = {
  /** A refresh answered: new token already stored; the user and subscription may have changed. */
  onRefreshed?(answer: SessionAnswer): void;
  /** The session is gone (401, or a refresh that failed): the token is already dropped. */
  onUnauthorized?(): void;
};
let handlers: SessionHandlers = {};

/** The auth provider registers how the app reacts to a refreshed or lost session. */
export function setSessionHandlers(next: SessionHandlers): void {
  handlers = next;
}

let refreshing: Promise<SessionAnswer> | null = null;

/**
 * POST /api/auth/refresh_token, never twice at once: the refresh token rotates and a reused one
 * revokes the session, so concurrent callers (and other tabs, through a Web Lock) share one call.
 */
export function refreshSession(): Promise<SessionAnswer> {
  if (!refreshing) {
    const call = async () => (await publicHttp.post<SessionAnswer>('/auth/refresh_token')).data;
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    // (lib.dom types the lock's answer as a nested promise; awaiting flattens it)
    const run: Promise<SessionAnswer> = locks?.request ? (locks.request('atende-refresh-token', call) as unknown as Promise<SessionAnswer>) : call();
    refreshing = run
      .then((answer) => {
        setAccessToken(answer.token);
        handlers.onRefreshed?.(answer);
        return answer;
      })
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

/** Whether a failed refresh says the session is gone (401/403), not that the server could not be reached. */
export const sessionGone = (err: unknown): boolean => [401, 403].includes((err as AxiosError | undefined)?.response?.status ?? 0);

/** Drops the session: token removed, the app goes to /login. */
export function dropSession(): void {
  setAccessToken(null);
  if (handlers.onUnauthorized) handlers.onUnauthorized();
  else if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
}

export const http: AxiosInstance = axios.create({ baseURL: '/api', withCredentials: true });

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

/** Calls whose 401/403 belong to the caller (wrong password, failed refresh), not to the session. */
const isSessionCall = (url: string | undefined): boolean => /\/auth\/(login|refresh_token|signup|logout)$/.test((url ?? '').split('?')[0] ?? '');

http.interceptors.request.use((config) => {
  if (accessToken) {
    config.headers = AxiosHeaders.from(config.headers);
    config.headers.set('Authorization', `Bearer ${accessToken}`);
  }
  return config;
});

http.interceptors.response.use(undefined, async (error: AxiosError) => {
  const config = error.config as RetriableConfig | undefined;
  const status = error.response?.status;
  if (!config || isSessionCall(config.url)) throw error;

  if (status === 403 && !config._retried) {
    config._retried = true;
    const sent = AxiosHeaders.from(config.headers).get('Authorization');
    try {
      // Another call may already have refreshed: then only retry with the new token.
      if (!accessToken || sent === `Bearer ${accessToken}`) await refreshSession();
    } catch (refreshError) {
      if (sessionGone(refreshError)) dropSession();
      throw error;
    }
    return http(config);
  }

  if (status === 401) dropSession();
  throw error;
});
