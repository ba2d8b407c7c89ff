/**
 * The console's service worker (spec 000 §2; the worker itself is web/public/service-worker.js). Before it
 * is registered its file is asked for: a build or a server without it (404, or an answer that is not
 * JavaScript, such as a page) unregisters the worker a previous visit left and reloads, so an old worker
 * never keeps serving an old console. Without connectivity the app says it runs offline.
 */

export const SERVICE_WORKER_URL = '/service-worker.js';
export const OFFLINE_MESSAGE = 'No internet connection found. App is running in offline mode.';

export type ServiceWorkerDecision = 'register' | 'unregister';

/** What the answer for the worker's file means: a 404 or anything but JavaScript is no worker. */
export function serviceWorkerDecision(status: number, contentType: string | null | undefined): ServiceWorkerDecision {
  if (status === 404) return 'unregister';
  if (!contentType || !contentType.toLowerCase().includes('javascript')) return 'unregister';
  return 'register';
}

/** What the check needs from the browser (the real objects in the page; fakes in tests). */
export type ServiceWorkerEnv = {
  fetch: (url: string, init: RequestInit) => Promise<Pick<Response, 'status' | 'headers'>>;
  container: Pick<ServiceWorkerContainer, 'register' | 'getRegistrations'>;
  reload: () => void;
  log: (message: string) => void;
};

/**
 * Registers the worker when its file is there; otherwise unregisters every registration and, when there
 * was one, reloads (so a page without a worker never reloads in a loop). What it did is its result.
 */
export async function checkServiceWorker(env: ServiceWorkerEnv): Promise<ServiceWorkerDecision | 'offline' | 'failed'> {
  let answer: Pick<Response, 'status' | 'headers'>;
  try {
    answer = await env.fetch(SERVICE_WORKER_URL, { headers: { 'Service-Worker': 'script' }, cache: 'no-store' });
  } catch {
    // fetch rejects only when the request could not be made: no connectivity (or the server unreachable).
    env.log(OFFLINE_MESSAGE);
    return 'offline';
  }
  const decision = serviceWorkerDecision(answer.status, answer.headers.get('content-type'));
  try {
    if (decision === 'register') {
      await env.container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
    } else {
      const registrations = await env.container.getRegistrations();
      await Promise.all(registrations.map((registration) => registration.unregister()));
      if (registrations.length > 0) env.reload();
    }
  } catch (err) {
    console.error('Service worker registration failed:', err);
    return 'failed';
  }
  return decision;
}

/** Called once at startup: production builds only, once the page has loaded (the worker never competes with the first load). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const run = () =>
    void checkServiceWorker({
      fetch: (url, init) => window.fetch(url, init),
      container: navigator.serviceWorker,
      reload: () => window.location.reload(),
      log: (message) => console.log(message),
    });
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
