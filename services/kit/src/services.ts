/**
 * The service map: who answers which /api prefix, on which port. The gateway's route table,
 * the standalone launcher's list and the Kubernetes base each add a service with one entry.
 * A prefix matches itself and anything under it (`/api/tickets`, `/api/tickets/…`), never a longer
 * word (`/api/companies` does not catch `/api/companiesPlan`); exact paths win over prefixes.
 */
export type ServiceRoute = {
  name: string;
  port: number;
  prefixes: string[];
  /** Paths owned by this service although another's prefix covers them. */
  exact?: string[];
  /** Carries websockets (proxied with upgrade). */
  websocket?: string;
};

export const serviceMap = {
  auth: {
    name: 'auth',
    port: 3001,
    prefixes: ['/api/auth', '/api/users', '/api/presence', '/api/media/auth'],
  },
  admin: {
    name: 'admin',
    port: 3002,
    prefixes: [
      '/api/announcements', '/api/companies', '/api/companiesPlan', '/api/companySettingOne', '/api/companySettings',
      '/api/helps', '/api/invoices', '/api/plans', '/api/public-settings', '/api/setting', '/api/settings',
      '/api/settings-whitelabel', '/api/subscription', '/api/version', '/api/media/admin',
      // Whitelabel images, public (the login page shows them before any session).
      '/public',
    ],
  },
  tickets: {
    name: 'tickets',
    port: 3003,
    prefixes: [
      '/api/chatbot', '/api/chats', '/api/contactTags', '/api/contacts', '/api/contactsImport', '/api/dashboard',
      '/api/message', '/api/messages', '/api/pin-tickets', '/api/queue', '/api/quick-messages', '/api/tag', '/api/tags',
      '/api/tags-contacts', '/api/ticket-notes', '/api/ticket-tags', '/api/ticket', '/api/ticketreport', '/api/tickets', '/api/tickets-log',
      '/api/usersMoments',
      '/api/media/tickets',
    ],
  },
  channels: {
    name: 'channels',
    port: 3004,
    prefixes: [
      '/api/auto-responses', '/api/closedimported', '/api/facebook', '/api/files', '/api/prompt', '/api/queueIntegration', '/api/text-corrector',
      '/api/whatsapp', '/api/whatsapp-admin', '/api/whatsapp-restart', '/api/whatsappsession', '/api/media/channels',
    ],
    // The integrators' messages API and the audio transcription sit under tickets' /api/messages and /api/message.
    exact: ['/api/messages/send', '/api/message/transcribeAudio'],
  },
  campaigns: {
    name: 'campaigns',
    port: 3005,
    prefixes: ['/api/campaign-settings', '/api/campaigns', '/api/contact-list-items', '/api/contact-lists', '/api/schedules', '/api/media/campaigns'],
  },
  realtime: {
    name: 'realtime',
    port: 3006,
    prefixes: [],
    websocket: '/socket.io',
  },
} as const satisfies Record<string, ServiceRoute>;

export type ServiceName = keyof typeof serviceMap;
export const serviceNames = Object.keys(serviceMap) as ServiceName[];

/** Paths that need no access token at the edge (the service decides the rest). */
export const publicPaths: { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/auth\/(login|refresh_token|signup)$/ },
  { method: 'DELETE', path: /^\/api\/auth\/logout$/ },
  { method: 'GET', path: /^\/api\/public-settings\/[^/]+$/ },
  { method: 'GET', path: /^\/api\/plans\/list$/ },
  { method: 'GET', path: /^\/api\/version$/ },
  { method: 'GET', path: /^\/api\/docs(\/.*)?$/ },
  { method: 'GET', path: /^\/api\/media\/.+$/ },
  // Integrators authenticate with the connection's own token (channels checks it).
  { method: 'POST', path: /^\/api\/messages\/send$/ },
  // Meta's webhook for Facebook and Instagram: GET checks the verify token, POST is signed with the app secret (channels checks both).
  { method: 'GET', path: /^\/api\/facebook\/webhook$/ },
  { method: 'POST', path: /^\/api\/facebook\/webhook$/ },
  // The payment provider's Pix notifications carry a shared secret header (admin checks it).
  { method: 'POST', path: /^\/api\/subscription\/webhook$/ },
];

export function isPublicPath(method: string, url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return publicPaths.some((p) => (p.method === method || (method === 'HEAD' && p.method === 'GET')) && p.path.test(path));
}

/** Which service answers a path (longest matching prefix; exact paths first). */
export function ownerOf(url: string): ServiceName | undefined {
  const path = (url.split('?')[0] ?? url).replace(/\/+$/, '');
  let best: { name: ServiceName; length: number } | undefined;
  for (const name of serviceNames) {
    const route: ServiceRoute = serviceMap[name];
    if (route.exact?.includes(path)) return name;
    for (const prefix of route.prefixes) {
      if ((path === prefix || path.startsWith(`${prefix}/`)) && (!best || prefix.length > best.length)) best = { name, length: prefix.length };
    }
  }
  return best?.name;
}
