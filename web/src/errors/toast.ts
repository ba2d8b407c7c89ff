import { App, message as staticMessage, notification as staticNotification } from 'antd';
import { errorMessage } from './errorMessage';
import { i18nErrorTranslator } from './i18nTranslator';

export { i18nErrorTranslator };

/**
 * Toasts at top-centre (spec 000 §2): 3 s, form toasts 2 s, error toasts 2 s (§8).
 * The app binds antd's App context (theme-aware); before that the static API is used.
 */
type AppApi = ReturnType<typeof App.useApp>;
let api: Pick<AppApi, 'message' | 'notification'> | null = null;

export const TOAST_SECONDS = 3;
export const FORM_TOAST_SECONDS = 2;

/** Called once by the root component with `App.useApp()`. */
export function bindToastApi(next: Pick<AppApi, 'message' | 'notification'> | null): void {
  api = next;
}

const message = () => api?.message ?? staticMessage;
export const notification = () => api?.notification ?? staticNotification;

/** The translated text of an error (see errorMessage). */
export function translateError(err: unknown): string {
  return errorMessage(err, i18nErrorTranslator);
}

/**
 * An error toast with the server's code translated (2 s). The same text shown again while it is on screen
 * (a page whose two reads fail alike) replaces it instead of stacking a copy (keyed by its text).
 */
export function toastError(err: unknown): void {
  if (import.meta.env.DEV) console.warn(err);
  const content = translateError(err);
  void message().error({ key: `error:${content}`, content, duration: FORM_TOAST_SECONDS });
}

export function toastSuccess(text: string, opts?: { form?: boolean }): void {
  void message().success({ content: text, duration: opts?.form ? FORM_TOAST_SECONDS : TOAST_SECONDS });
}

export function toastWarning(text: string, opts?: { form?: boolean; seconds?: number }): void {
  void message().warning({ content: text, duration: opts?.seconds ?? (opts?.form ? FORM_TOAST_SECONDS : TOAST_SECONDS) });
}

export function toastInfo(text: string, opts?: { form?: boolean; seconds?: number }): void {
  void message().info({ content: text, duration: opts?.seconds ?? (opts?.form ? FORM_TOAST_SECONDS : TOAST_SECONDS) });
}
