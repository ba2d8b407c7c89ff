/// <reference types="vite/client" />

/** The web package version, injected by vite.config.ts. */
declare const __APP_VERSION__: string;
