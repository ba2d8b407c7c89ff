import { describe, expect, it, vi } from 'vitest';
import workerSource from '../public/service-worker.js?raw';
import { checkServiceWorker, OFFLINE_MESSAGE, serviceWorkerDecision, SERVICE_WORKER_URL, type ServiceWorkerEnv } from './serviceWorker';

describe('serviceWorkerDecision', () => {
  it('registers when the file is JavaScript', () => {
    expect(serviceWorkerDecision(200, 'text/javascript; charset=utf-8')).toBe('register');
    expect(serviceWorkerDecision(200, 'application/javascript')).toBe('register');
    expect(serviceWorkerDecision(304, 'Application/JavaScript')).toBe('register');
  });

  it('unregisters when the file is missing or is not JavaScript', () => {
    expect(serviceWorkerDecision(404, 'text/javascript')).toBe('unregister');
    expect(serviceWorkerDecision(404, 'application/json')).toBe('unregister');
    expect(serviceWorkerDecision(200, 'text/html; charset=utf-8')).toBe('unregister'); // an SPA fallback's page
    expect(serviceWorkerDecision(200, null)).toBe('unregister');
    expect(serviceWorkerDecision(500, 'application/json; charset=utf-8')).toBe('unregister');
  });
});

function env(answer: { status: number; type?: string } | Error, registrations = 0) {
  const unregister = vi.fn(async () => true);
  const calls = {
    fetch: vi.fn(async (_url: string, _init: RequestInit) => {
      if (answer instanceof Error) throw answer;
      return { status: answer.status, headers: new Headers(answer.type ? { 'content-type': answer.type } : {}) };
    }),
    register: vi.fn(async () => ({}) as ServiceWorkerRegistration),
    getRegistrations: vi.fn(async () => Array.from({ length: registrations }, () => ({ unregister }) as unknown as ServiceWorkerRegistration)),
    reload: vi.fn(),
    log: vi.fn(),
    unregister,
  };
  const browser: ServiceWorkerEnv = {
    fetch: calls.fetch,
    container: { register: calls.register, getRegistrations: calls.getRegistrations },
    reload: calls.reload,
    log: calls.log,
  };
  return { browser, calls };
}

describe('checkServiceWorker', () => {
  it('asks for the worker file as a worker script, then registers it at the site root', async () => {
    const { browser, calls } = env({ status: 200, type: 'text/javascript; charset=utf-8' });
    expect(await checkServiceWorker(browser)).toBe('register');
    expect(calls.fetch).toHaveBeenCalledWith(SERVICE_WORKER_URL, expect.objectContaining({ headers: { 'Service-Worker': 'script' } }));
    expect(calls.register).toHaveBeenCalledWith('/service-worker.js', expect.objectContaining({ scope: '/' }));
    expect(calls.reload).not.toHaveBeenCalled();
  });

  it('without the file, unregisters every worker and reloads', async () => {
    const { browser, calls } = env({ status: 404, type: 'application/json' }, 2);
    expect(await checkServiceWorker(browser)).toBe('unregister');
    expect(calls.unregister).toHaveBeenCalledTimes(2);
    expect(calls.reload).toHaveBeenCalledTimes(1);
    expect(calls.register).not.toHaveBeenCalled();
  });

  it('given a page instead of JavaScript with no worker registered, does not reload (no reload loop)', async () => {
    const { browser, calls } = env({ status: 200, type: 'text/html' }, 0);
    expect(await checkServiceWorker(browser)).toBe('unregister');
    expect(calls.reload).not.toHaveBeenCalled();
    expect(calls.register).not.toHaveBeenCalled();
  });

  it('without connectivity, logs that the app runs offline and changes nothing', async () => {
    const { browser, calls } = env(new TypeError('Failed to fetch'), 1);
    expect(await checkServiceWorker(browser)).toBe('offline');
    expect(calls.log).toHaveBeenCalledWith('No internet connection found. App is running in offline mode.');
    expect(OFFLINE_MESSAGE).toBe('No internet connection found. App is running in offline mode.');
    expect(calls.register).not.toHaveBeenCalled();
    expect(calls.getRegistrations).not.toHaveBeenCalled();
    expect(calls.reload).not.toHaveBeenCalled();
  });

  it('a failed registration is reported, not thrown', async () => {
    const { browser, calls } = env({ status: 200, type: 'application/javascript' });
    calls.register.mockRejectedValueOnce(new Error('SecurityError'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await checkServiceWorker(browser)).toBe('failed');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

// ---- The worker itself (web/public/service-worker.js), run against fakes of the worker's globals. ----

const ORIGIN = 'https://atende.example';
type FakeRequest = { url: string; method: string; mode: string; destination: string; headers: Headers };
type Listener = (event: unknown) => void;

function startWorker(network: (url: string) => Response | Promise<Response>) {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (key: string | FakeRequest) => new URL(typeof key === 'string' ? key : key.url, ORIGIN).href;
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      match: async (key: string | FakeRequest) => store.get(keyOf(key))?.clone(),
      put: async (key: string | FakeRequest, response: Response) => void store.set(keyOf(key), response),
      keys: async () => [...store.keys()].map((url) => ({ url })),
      delete: async (key: { url: string }) => store.delete(key.url),
    };
  };
  const caches = { open, keys: async () => [...stores.keys()], delete: async (name: string) => stores.delete(name) };
  const fetched: string[] = [];
  const fetch = vi.fn(async (input: string | FakeRequest) => {
    const url = keyOf(input);
    fetched.push(url);
    const response = await network(url);
    // A same-origin answer as the browser gives it to a worker.
    Object.defineProperty(response, 'type', { value: 'basic' });
    return response;
  });
  const listeners = new Map<string, Listener>();
  const self = {
    location: new URL(`${ORIGIN}/service-worker.js`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => undefined),
    clients: { claim: vi.fn(async () => undefined) },
  };
  new Function('self', 'caches', 'fetch', workerSource)(self, caches, fetch);

  /** A fetch event: what the worker answered (undefined: left to the browser), once its kept copies are stored. */
  const request = async (path: string, init: Partial<Omit<FakeRequest, 'url' | 'headers'>> & { headers?: Record<string, string>; origin?: string } = {}) => {
    let answered: Promise<Response> | undefined;
    const pending: Promise<unknown>[] = [];
    const req: FakeRequest = {
      url: new URL(path, init.origin ?? ORIGIN).href,
      method: init.method ?? 'GET',
      mode: init.mode ?? 'cors',
      destination: init.destination ?? '',
      headers: new Headers(init.headers ?? {}),
    };
    listeners.get('fetch')!({ request: req, respondWith: (p: Promise<Response>) => (answered = p), waitUntil: (p: Promise<unknown>) => pending.push(p) });
    const response = answered ? await answered : undefined;
    await Promise.all(pending);
    return response;
  };
  const lifecycle = async (type: 'install' | 'activate') => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)!({ waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  };
  return { request, lifecycle, stores, fetched, self };
}

const html = (body: string) => new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });
const js = (body: string) => new Response(body, { headers: { 'content-type': 'text/javascript' } });
const SHELL = '<!doctype html><script type="module" src="/assets/index-AbC.js"></script><link rel="stylesheet" href="/assets/index-DeF.css">';

describe('service-worker.js', () => {
  it('leaves the API, socket.io, uploads, media, other methods and other origins to the network', async () => {
    const worker = startWorker(() => js('x'));
    const untouched = [
      worker.request('/api/tickets?status=open'),
      worker.request('/api/media/tickets/abc.ogg'),
      worker.request('/api/auth/refresh_token', { method: 'POST' }),
      worker.request('/socket.io/?EIO=4&transport=polling'),
      worker.request('/public/logo-light.png'),
      worker.request('/api/media/files/report.pdf', { mode: 'navigate' }), // a download opened in a tab
      worker.request('/assets/index-AbC.js', { method: 'POST' }),
      worker.request('/assets/index-AbC.js', { origin: 'https://cdn.example' }),
      worker.request('/assets/clip-123.mp3', { destination: 'audio' }),
      worker.request('/assets/poster.js', { headers: { range: 'bytes=0-' } }),
      worker.request('/favicon.svg'),
    ];
    expect(await Promise.all(untouched)).toEqual(Array(untouched.length).fill(undefined));
    expect(worker.fetched).toEqual([]);
  });

  it('answers hashed assets from its cache once fetched', async () => {
    const worker = startWorker((url) => js(`/* ${url} */`));
    const first = await worker.request('/assets/TicketsPage-Xy1.js', { destination: 'script' });
    expect(await first?.text()).toBe(`/* ${ORIGIN}/assets/TicketsPage-Xy1.js */`);
    const again = await worker.request('/assets/TicketsPage-Xy1.js', { destination: 'script' });
    expect(await again?.text()).toBe(`/* ${ORIGIN}/assets/TicketsPage-Xy1.js */`);
    expect(worker.fetched).toEqual([`${ORIGIN}/assets/TicketsPage-Xy1.js`]);
  });

  it('never keeps a failed asset answer', async () => {
    const worker = startWorker(() => new Response('{"error":"ERR_NOT_FOUND"}', { status: 404 }));
    expect((await worker.request('/assets/gone-1.js'))?.status).toBe(404);
    expect((await worker.request('/assets/gone-1.js'))?.status).toBe(404);
    expect(worker.fetched).toHaveLength(2);
  });

  it('pages come from the network first, and from the kept shell without connectivity', async () => {
    let online = true;
    const worker = startWorker(() => (online ? html(SHELL) : Promise.reject(new TypeError('Failed to fetch'))));
    expect(await (await worker.request('/tickets', { mode: 'navigate' }))?.text()).toBe(SHELL);
    online = false;
    expect(await (await worker.request('/contacts', { mode: 'navigate' }))?.text()).toBe(SHELL);
  });

  it('does not keep a navigation that is not the page as the shell', async () => {
    let online = true;
    const worker = startWorker(() =>
      online ? new Response('{"status":"ok"}', { headers: { 'content-type': 'application/json' } }) : Promise.reject(new TypeError('offline')),
    );
    await worker.request('/something', { mode: 'navigate' });
    online = false;
    await expect(worker.request('/tickets', { mode: 'navigate' })).rejects.toThrow('offline');
  });

  it('installs with the page and its first assets, takes over at once and drops the caches of older versions', async () => {
    const worker = startWorker((url) => (url.endsWith('/') ? html(SHELL) : js(url)));
    await worker.lifecycle('install');
    expect(worker.self.skipWaiting).toHaveBeenCalled();
    expect(worker.fetched).toEqual([`${ORIGIN}/`, `${ORIGIN}/assets/index-AbC.js`, `${ORIGIN}/assets/index-DeF.css`]);
    const [current] = [...worker.stores.keys()];
    expect(current).toBe('atende-console-2.0.4-v3');
    worker.stores.set('atende-console-2.0.3', new Map());
    worker.stores.set('someone-else', new Map());
    await worker.lifecycle('activate');
    expect([...worker.stores.keys()].sort()).toEqual(['atende-console-2.0.4-v3', 'someone-else']);
    expect(worker.self.clients.claim).toHaveBeenCalled();
  });

  it('installs even when the page cannot be fetched', async () => {
    const worker = startWorker(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(worker.lifecycle('install')).resolves.toBeUndefined();
  });
});
