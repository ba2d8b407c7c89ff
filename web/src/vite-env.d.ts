/// <reference types="vite/client" />

/** The web package version, injected by vite.config.ts. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** The WhatsApp number (country code, area code, number) of the connections page's 'call support' button. */
  readonly VITE_SUPPORT_NUMBER?: string;
}
