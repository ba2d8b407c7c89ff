import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createTokenVerifier, generateSigningKeys, MemoryRateLimitStore, type HttpApp } from '@atende/kit';
import { createInProcessGateway, createProxyGateway } from './gateway.js';

/**
 * The built console as both gateways serve it (standalone: services mounted in process; cluster: /api
 * proxied): the page and the service worker are never kept stale by a cache, the worker is JavaScript
 * and never the SPA page, and a build without a worker answers 404 (the page then unregisters the old one).
 */
const WORKER = "self.addEventListener('install', () => self.skipWaiting());\n";
const MANIFEST = { name: 'Atende', version: '2.0.4-v3' };
const dirs: string[] = [];
const apps: HttpApp[] = [];

async function webDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atende-web-'));
  dirs.push(dir);
  await mkdir(path.join(dir, 'assets'));
  for (const [name, content] of Object.entries({ 'index.html': '<!doctype html><title>Atende</title>', 'assets/index-AbC123.js': 'export {};', ...files })) {
    await writeFile(path.join(dir, name), content);
  }
  return dir;
}

const common = (dir: string) => ({
  logger: createLogger({ name: 'web-test', level: 'silent' }),
  verify: createTokenVerifier(generateSigningKeys().publicKey),
  limits: new MemoryRateLimitStore(),
  rate: { ipPerMinute: 1000, userPerMinute: 1000, authPerMinute: 1000 },
  webDir: dir,
  version: 'test',
});

const gateways: { name: string; make: (dir: string) => Promise<HttpApp> }[] = [
  { name: 'standalone', make: (dir) => createInProcessGateway({ ...common(dir), services: [], ready: async () => true }) },
  { name: 'cluster', make: async (dir) => (await createProxyGateway({ ...common(dir), upstreams: {} })).app },
];

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

for (const gateway of gateways) {
  describe(`web app served by the ${gateway.name} gateway`, () => {
    let app: HttpApp;
    let withoutWorker: HttpApp;
    beforeAll(async () => {
      app = await gateway.make(await webDir({ 'service-worker.js': WORKER, 'manifest.json': JSON.stringify(MANIFEST) }));
      withoutWorker = await gateway.make(await webDir({}));
      apps.push(app, withoutWorker);
    });

    it('serves the service worker as JavaScript that is always revalidated', async () => {
      const res = await app.inject({ method: 'GET', url: '/service-worker.js', headers: { 'service-worker': 'script' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(WORKER);
      const again = await app.inject({ method: 'GET', url: '/service-worker.js', headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    });

    it('serves the manifest as a web app manifest with the frontend version', async () => {
      const res = await app.inject({ method: 'GET', url: '/manifest.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.json()).toEqual(MANIFEST);
    });

    it('serves the page (at / and on client routes) with no-cache, hashed assets with a max-age', async () => {
      for (const url of ['/', '/tickets/5f1c', '/login?next=1']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toContain('javascript');
      expect(asset.headers['cache-control']).toBe('public, max-age=3600');
    });

    it('answers 404, never the page, for a missing worker or manifest or asset; an API path is never the page', async () => {
      for (const url of ['/service-worker.js', '/manifest.json', '/assets/gone-XyZ.js']) {
        const res = await withoutWorker.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).not.toContain('javascript');
        expect(res.headers['content-type'], url).not.toMatch(/^text\/html/);
      }
      // An API path is the edge's and the services' (here: no session, 401), never the page.
      const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
      expect(api.statusCode).toBeGreaterThanOrEqual(400);
      expect(api.headers['content-type']).toMatch(/^application\/json/);
    });
  });
}
