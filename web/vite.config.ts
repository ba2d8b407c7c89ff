import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };

const gateway = process.env.ATENDE_GATEWAY ?? 'http://localhost:8080';

/**
 * Vendor groups: React and the router; antd's core (theme, config provider, css-in-js, toasts, the
 * pieces every screen uses); i18n; network. Other antd components stay with the lazy page chunks
 * that use them, so the initial JS stays small (check: node scripts in the report, < 350 KB gzip).
 */
const antdCore =
  /node_modules[\\/](antd[\\/]es[\\/](_util|config-provider|theme|style|locale|app|message|notification|button|spin|flex|version|space|grid|typography|result|wave)|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors|icons|icons-svg)|@rc-component[\\/](util|motion|notification|portal|resize-observer|trigger|context)|stylis|@emotion|@babel[\\/]runtime|clsx|classnames|react-is|is-mobile|throttle-debounce)[\\/]/;
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
  { name: 'vendor-antd', test: antdCore },
  { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
  {
    name: 'vendor-net',
    test: /node_modules[\\/](axios|socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io|debug|ms|xmlhttprequest-ssl|ws)[\\/]/,
  },
];

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  // '@atende/kit/contracts' resolves to its TypeScript source (exports condition 'source').
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/socket.io': { target: gateway, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
