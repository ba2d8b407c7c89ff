import type { Server } from 'node:http';
import net from 'node:net';
import httpProxy from '@fastify/http-proxy';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  createHttpApp,
  registerDocs,
  securitySchemes,
  registerHealth,
  serviceMap,
  serviceNames,
  type HttpApp,
  type Logger,
  type RateLimitStore,
  type Service,
  type ServiceRoute,
  type TokenVerifier,
} from '@atende/kit';
import { registerEdge } from './edge.js';
import { registerWeb, webFallback } from './web.js';

export type GatewayLimits = { ipPerMinute: number; userPerMinute: number; authPerMinute: number };

type Common = {
  logger: Logger;
  verify: TokenVerifier;
  limits: RateLimitStore;
  rate: GatewayLimits;
  webDir: string;
  trustProxy?: boolean;
  version: string;
};

/** Standalone: every service's routes mounted in this one Fastify, behind the edge. */
export async function createInProcessGateway(options: Common & { services: Service[]; ready: () => Promise<boolean> }): Promise<HttpApp> {
  const app = createHttpApp({ logger: options.logger, trustProxy: options.trustProxy, notFound: webFallback(options.webDir) });
  registerEdge(app, { verify: options.verify, limits: options.limits, ...options.rate });
  await registerDocs(app, { title: 'Atende API', version: options.version });
  registerHealth(app, options.ready);
  for (const service of options.services) await service.register(app);
  await registerWeb(app, options.webDir);
  return app;
}

/** Cluster: /api/* proxied to the owning service, /socket.io to realtime (with upgrades), web at /. */
export async function createProxyGateway(options: Common & { upstreams: Partial<Record<string, string>> }): Promise<{ app: HttpApp; attach(server: Server): void }> {
  const app = createHttpApp({ logger: options.logger, trustProxy: options.trustProxy, notFound: webFallback(options.webDir), requestContext: false });
  registerEdge(app, { verify: options.verify, limits: options.limits, ...options.rate });
  const docs = await mergedDocs(options);
  await app.register(swagger, { openapi: { info: { title: 'Atende API', version: options.version } } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', transformSpecification: () => docs.current() });
  registerHealth(app, async () => true);

  let websocketUpstream: URL | undefined;
  for (const name of serviceNames) {
    const route: ServiceRoute = serviceMap[name];
    const upstream = options.upstreams[name];
    if (!upstream) continue;
    for (const prefix of [...route.prefixes, ...(route.exact ?? [])]) {
      await app.register(httpProxy, {
        upstream,
        prefix,
        rewritePrefix: prefix,
        replyOptions: {
          // Services trust the gateway's view of the client (address, scheme) and keep its request id.
          rewriteRequestHeaders: (request, headers) => ({
            ...headers,
            'x-request-id': request.id,
            'x-forwarded-for': request.ip,
            'x-forwarded-proto': request.protocol,
          }),
        },
      });
    }
    if (route.websocket) {
      websocketUpstream = new URL(upstream);
      // Long-polling requests of socket.io travel as plain HTTP.
      await app.register(httpProxy, {
        upstream,
        prefix: route.websocket,
        rewritePrefix: route.websocket,
        replyOptions: { rewriteRequestHeaders: (request, headers) => ({ ...headers, 'x-forwarded-for': request.ip }) },
      });
    }
  }
  await registerWeb(app, options.webDir);

  return {
    app,
    /** Websocket upgrades on /socket.io are piped to realtime byte for byte. */
    attach(server: Server) {
      server.on('upgrade', (request, socket, head) => {
        if (!websocketUpstream || !request.url?.startsWith('/socket.io')) return socket.destroy();
        const upstream = net.connect(Number(websocketUpstream.port || 80), websocketUpstream.hostname, () => {
          const headerLines = Object.entries(request.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => `${k}: ${x}`) : [`${k}: ${v}`]));
          const forwarded = request.socket.remoteAddress ?? '';
          headerLines.push(`x-forwarded-for: ${request.headers['x-forwarded-for'] ? `${request.headers['x-forwarded-for']}, ` : ''}${forwarded}`);
          upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${headerLines.join('\r\n')}\r\n\r\n`);
          if (head.length) upstream.write(head);
          upstream.pipe(socket).pipe(upstream);
        });
        const close = () => {
          upstream.destroy();
          socket.destroy();
        };
        upstream.on('error', close);
        socket.on('error', close);
      });
    },
  };
}

/** One OpenAPI document from every upstream's /api/docs/json, refreshed in the background. */
async function mergedDocs(options: Common & { upstreams: Partial<Record<string, string>> }) {
  let merged: Record<string, unknown> = { openapi: '3.0.3', info: { title: 'Atende API', version: options.version }, paths: {} };
  const refresh = async () => {
    const paths: Record<string, unknown> = {};
    const schemas: Record<string, unknown> = {};
    for (const [name, upstream] of Object.entries(options.upstreams)) {
      if (!upstream || name === 'realtime') continue;
      try {
        const response = await fetch(`${upstream}/api/docs/json`, { signal: AbortSignal.timeout(2000) });
        const doc = (await response.json()) as { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } };
        Object.assign(paths, doc.paths ?? {});
        Object.assign(schemas, doc.components?.schemas ?? {});
      } catch {
        // that service is not up yet; the next refresh picks it up
      }
    }
    merged = {
      openapi: '3.0.3',
      info: { title: 'Atende API', version: options.version },
      components: { schemas, securitySchemes },
      security: [{ bearer: [] }],
      paths,
    };
  };
  void refresh();
  setInterval(() => void refresh(), 30_000).unref();
  return { current: () => merged };
}
