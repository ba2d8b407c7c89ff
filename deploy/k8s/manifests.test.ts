import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { clusterEnvShape, createTokenSigner, createTokenVerifier, serviceMap, serviceNames, type ServiceName } from '@atende/kit';
import { adminConfigShape } from '@atende/admin';
import { authConfigShape } from '@atende/auth';
import { gatewayConfigShape, upstreamUrl } from '@atende/gateway';
import { realtimeConfigShape } from '@atende/realtime';
import { ticketsConfigShape } from '@atende/tickets';
import { channelsConfigShape } from '@atende/channels';
import { campaignsConfigShape } from '@atende/campaigns';

/**
 * The Kubernetes manifests against the code they run: every Deployment's environment against the
 * zod shape its process parses, ports against the service map, Service selectors and target ports
 * against the pods, probes against /healthz and /readyz, the Ingress and HPAs against what exists.
 * The base and both overlays are rendered by a small kustomize (resources, SMP patches, images,
 * namespace, labels); when kubectl is installed its own `kubectl kustomize` must agree.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');

// ---------------------------------------------------------------------------------------------
// What the code says.

type Schema = { safeParse(value: unknown): { success: boolean; data?: unknown } };
type Shape = Record<string, Schema>;

type AppSpec = {
  /** Every variable the process's zod schema parses. */
  shape: Shape;
  /** PEM variables also read from `<NAME>_FILE` (pemFromEnv in main.ts). */
  pemFiles: string[];
  /** Variables read outside the schema. */
  extra: string[];
  /** Port the process listens on without PORT (main.ts default); the container port. */
  port: number;
};

/** Each service process: the kit's cluster variables plus its own shape (runService). */
const serviceShapes: Record<ServiceName, Shape> = {
  auth: authConfigShape,
  admin: adminConfigShape,
  tickets: ticketsConfigShape,
  channels: channelsConfigShape,
  campaigns: campaignsConfigShape,
  realtime: realtimeConfigShape,
};

const gatewayPort = gatewayConfigShape.PORT.safeParse(undefined).data as number;

const apps: Record<string, AppSpec> = {
  ...Object.fromEntries(
    serviceNames.map((name) => [
      name,
      {
        shape: { ...clusterEnvShape, ...serviceShapes[name] },
        pemFiles: ['JWT_PUBLIC_KEY_FILE', ...('JWT_PRIVATE_KEY' in serviceShapes[name] ? ['JWT_PRIVATE_KEY_FILE'] : [])],
        extra: [],
        port: serviceMap[name].port,
      },
    ]),
  ),
  gateway: {
    shape: gatewayConfigShape,
    pemFiles: ['JWT_PUBLIC_KEY_FILE'],
    // upstreamUrl(): `<NAME>_URL` per service, else http://<name>:<port>.
    extra: serviceNames.map((name) => `${name.toUpperCase()}_URL`),
    port: gatewayPort,
  },
};

/** A variable is required when its schema refuses `undefined` (not optional, no default). */
const isRequired = (schema: Schema) => !schema.safeParse(undefined).success;

/** The Secret's keys: what create-secret.sh puts in it. */
const secretScript = readFileSync(path.join(here, 'create-secret.sh'), 'utf8');
const secretKeys = new Set([...secretScript.matchAll(/--from-(?:literal|file)=([A-Z0-9_]+)=/g)].map((m) => m[1] as string));
const SECRET_NAME = 'atende-secrets';
/** The optional Secret of outside integrations (Pix, Meta app): each key optional in its schema and in the reference. */
const INTEGRATIONS_SECRET = 'atende-integrations';

// ---------------------------------------------------------------------------------------------
// Kubernetes types, as far as the checks read them.

type Labels = Record<string, string>;
type Meta = { name: string; namespace?: string; labels?: Labels; annotations?: Record<string, string> };
type Resource = { apiVersion: string; kind: string; metadata: Meta; [key: string]: unknown };
type EnvVar = {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
    fieldRef?: { fieldPath: string };
  };
};
type PortRef = string | number;
type Probe = { httpGet?: { path: string; port: PortRef }; tcpSocket?: { port: PortRef }; exec?: { command: string[] } };
type Container = {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: unknown[];
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  volumeMounts?: { name: string; mountPath: string }[];
};
type Volume = {
  name: string;
  persistentVolumeClaim?: { claimName: string };
  configMap?: { name: string };
  secret?: { secretName: string };
  emptyDir?: unknown;
};
type PodTemplate = { metadata: { labels: Labels; annotations?: Record<string, string> }; spec: { containers: Container[]; volumes?: Volume[] } };
type Workload = Resource & {
  spec: {
    replicas?: number;
    serviceName?: string;
    selector: { matchLabels: Labels };
    template: PodTemplate;
    volumeClaimTemplates?: { metadata: { name: string } }[];
  };
};
type ServicePort = { name?: string; port: number; targetPort?: PortRef };
type Service = Resource & { spec: { selector?: Labels; ports: ServicePort[]; clusterIP?: string } };
type IngressBackend = { service: { name: string; port: { name?: string; number?: number } } };
type Ingress = Resource & {
  spec: {
    ingressClassName?: string;
    tls?: { hosts?: string[]; secretName?: string }[];
    rules: { host?: string; http: { paths: { path: string; pathType: string; backend: IngressBackend }[] } }[];
  };
};
type Hpa = Resource & {
  spec: {
    scaleTargetRef: { apiVersion: string; kind: string; name: string };
    minReplicas?: number;
    maxReplicas: number;
    metrics?: { type: string; resource?: { name: string } }[];
  };
};
type Pdb = Resource & { spec: { selector: { matchLabels: Labels } } };
type ConfigMap = Resource & { data?: Record<string, string> };

// ---------------------------------------------------------------------------------------------
// A small kustomize: enough for deploy/k8s, and loud about anything it does not understand.

type Kustomization = {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  patches?: { path?: string; patch?: string; target?: unknown }[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  labels?: { pairs: Labels; includeSelectors?: boolean; includeTemplates?: boolean }[];
};
const understood = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'patches', 'images', 'labels']);
const clusterScoped = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'PersistentVolume', 'StorageClass', 'IngressClass']);
const knownKinds = new Set([
  'Namespace',
  'ConfigMap',
  'Service',
  'Deployment',
  'StatefulSet',
  'PersistentVolumeClaim',
  'Ingress',
  'HorizontalPodAutoscaler',
  'PodDisruptionBudget',
]);

/** Every file a render read, to find manifests no kustomization includes. */
const readFiles = new Set<string>();

function readDocs(file: string): Resource[] {
  readFiles.add(path.resolve(file));
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((doc) => {
      if (doc.errors.length) throw new Error(`${path.relative(repo, file)}: ${doc.errors[0]?.message}`);
      return doc.toJS() as Resource;
    })
    .filter((doc) => doc !== null && doc !== undefined);
}

const idOf = (r: Pick<Resource, 'kind' | 'metadata'>) => `${r.kind}/${r.metadata.name}`;

/** Strategic-merge keys of the lists the manifests patch; any other list is replaced, as in kustomize. */
function mergeKeyOf(field: string, items: unknown[]): string | undefined {
  switch (field) {
    case 'containers':
    case 'initContainers':
    case 'env':
    case 'volumes':
    case 'imagePullSecrets':
      return 'name';
    case 'volumeMounts':
      return 'mountPath';
    case 'ports':
      return items.some((i) => typeof i === 'object' && i !== null && 'containerPort' in i) ? 'containerPort' : 'port';
    default:
      return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strategicMerge(base: unknown, patch: unknown, field = ''): unknown {
  if (Array.isArray(patch)) {
    const key = mergeKeyOf(field, patch);
    if (!key || !Array.isArray(base)) return structuredClone(patch);
    const out = base.map((item) => structuredClone(item) as Record<string, unknown>);
    for (const item of patch as Record<string, unknown>[]) {
      const at = out.findIndex((b) => b[key] === item[key]);
      if (item.$patch === 'delete') {
        if (at >= 0) out.splice(at, 1);
      } else if (at >= 0) out[at] = strategicMerge(out[at], item) as Record<string, unknown>;
      else out.push(structuredClone(item));
    }
    return out;
  }
  if (!isObject(patch) || !isObject(base)) return structuredClone(patch);
  const out: Record<string, unknown> = structuredClone(base);
  for (const [k, v] of Object.entries(patch)) {
    if (k === '$patch') continue;
    if (v === null) delete out[k];
    else out[k] = k in out ? strategicMerge(out[k], v, k) : structuredClone(v);
  }
  return out;
}

function podTemplateOf(r: Resource): PodTemplate | undefined {
  return r.kind === 'Deployment' || r.kind === 'StatefulSet' ? (r as Workload).spec.template : undefined;
}

function render(dir: string): Resource[] {
  const file = path.join(dir, 'kustomization.yaml');
  readFiles.add(path.resolve(file));
  const k = parse(readFileSync(file, 'utf8')) as Kustomization;
  const where = path.relative(repo, file);
  for (const key of Object.keys(k)) if (!understood.has(key)) throw new Error(`${where}: the test's renderer does not know '${key}'; teach it`);

  let out: Resource[] = [];
  for (const entry of k.resources ?? []) {
    const target = path.resolve(dir, entry);
    if (!existsSync(target)) throw new Error(`${where}: resource ${entry} does not exist`);
    out.push(...(statSync(target).isDirectory() ? render(target) : readDocs(target)));
  }
  const seen = new Set<string>();
  for (const r of out) {
    if (seen.has(idOf(r))) throw new Error(`${where}: ${idOf(r)} defined twice`);
    seen.add(idOf(r));
  }

  for (const p of k.patches ?? []) {
    if (!p.path || p.patch || p.target) throw new Error(`${where}: only 'patches: - path: <strategic merge patch>' is understood`);
    for (const doc of readDocs(path.resolve(dir, p.path))) {
      const at = out.findIndex((r) => r.kind === doc.kind && r.metadata.name === doc.metadata.name);
      if (at < 0) throw new Error(`${where}: patch ${p.path} targets ${idOf(doc)}, which is not in the resources`);
      if (out[at]?.apiVersion !== doc.apiVersion)
        throw new Error(`${where}: patch ${p.path} has apiVersion ${doc.apiVersion}, the resource ${out[at]?.apiVersion}`);
      if ((doc as { $patch?: string }).$patch === 'delete') out = out.filter((_, i) => i !== at);
      else out[at] = strategicMerge(out[at], doc) as Resource;
    }
  }

  for (const image of k.images ?? []) {
    if (image.digest) throw new Error(`${where}: images.digest is not understood`);
    let used = false;
    for (const r of out) {
      for (const c of podTemplateOf(r)?.spec.containers ?? []) {
        const [name, tag] = splitImage(c.image);
        if (name !== image.name) continue;
        used = true;
        const newTag = image.newTag ?? tag;
        c.image = `${image.newName ?? name}${newTag ? `:${newTag}` : ''}`;
      }
    }
    if (!used) throw new Error(`${where}: images entry ${image.name} matches no container`);
  }

  for (const set of k.labels ?? []) {
    if (set.includeSelectors) throw new Error(`${where}: labels.includeSelectors would change immutable selectors`);
    for (const r of out) {
      r.metadata.labels = { ...r.metadata.labels, ...set.pairs };
      const template = podTemplateOf(r);
      if (set.includeTemplates && template) template.metadata.labels = { ...template.metadata.labels, ...set.pairs };
      if (set.includeTemplates && r.kind === 'StatefulSet') {
        for (const claim of (r as Workload).spec.volumeClaimTemplates ?? [])
          (claim.metadata as Meta).labels = { ...(claim.metadata as Meta).labels, ...set.pairs };
      }
    }
  }

  if (k.namespace) for (const r of out) if (!clusterScoped.has(r.kind)) r.metadata.namespace = k.namespace;
  return out;
}

function splitImage(image: string): [string, string | undefined] {
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  return colon > slash ? [image.slice(0, colon), image.slice(colon + 1)] : [image, undefined];
}

// ---------------------------------------------------------------------------------------------
// Looking things up in one render.

class Render {
  constructor(readonly resources: Resource[]) {}

  all<T extends Resource>(kind: string): T[] {
    return this.resources.filter((r) => r.kind === kind) as T[];
  }

  find<T extends Resource>(kind: string, name: string): T | undefined {
    return this.resources.find((r) => r.kind === kind && r.metadata.name === name) as T | undefined;
  }

  get<T extends Resource>(kind: string, name: string): T {
    const found = this.find<T>(kind, name);
    if (!found) throw new Error(`${kind}/${name} is missing`);
    return found;
  }

  workloads(): Workload[] {
    return [...this.all<Workload>('Deployment'), ...this.all<Workload>('StatefulSet')];
  }

  /** Workloads whose pods a selector picks. */
  selected(selector: Labels | undefined): Workload[] {
    if (!selector || Object.keys(selector).length === 0) return [];
    return this.workloads().filter((w) => Object.entries(selector).every(([k, v]) => w.spec.template.metadata.labels[k] === v));
  }

  configValue(ref: { name: string; key: string }): string | undefined {
    return this.find<ConfigMap>('ConfigMap', ref.name)?.data?.[ref.key];
  }
}

const containerPort = (c: Container, ref: PortRef) =>
  typeof ref === 'number' ? c.ports?.find((p) => p.containerPort === ref) : c.ports?.find((p) => p.name === ref);

const serviceHasPort = (svc: Service, ref: { name?: string; number?: number }) =>
  svc.spec.ports.some((p) => (ref.name !== undefined ? p.name === ref.name : p.port === ref.number));

function atendeImage(image: string): string | undefined {
  const [name] = splitImage(image);
  return /(?:^|\/)atende\/([a-z0-9-]+)$/.exec(name)?.[1];
}

// ---------------------------------------------------------------------------------------------

const renders = {
  base: new Render(render(path.join(here, 'base'))),
  dev: new Render(render(path.join(here, 'overlays/dev'))),
  prod: new Render(render(path.join(here, 'overlays/prod'))),
};

describe.each(Object.entries(renders))('%s render', (_label, r) => {
  it('holds only kinds the checks know, each with apiVersion and name', () => {
    for (const res of r.resources) {
      expect(knownKinds.has(res.kind), `unexpected kind ${res.kind}`).toBe(true);
      expect(res.apiVersion, idOf(res)).toBeTruthy();
      expect(res.metadata.name, idOf(res)).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    }
  });

  it('runs one Deployment per service in the map plus the gateway and web, and nothing that does not exist', () => {
    const expected = [...serviceNames, 'gateway'];
    for (const name of expected) {
      const d = r.get<Workload>('Deployment', name);
      const [container] = d.spec.template.spec.containers;
      expect(atendeImage(container?.image ?? ''), `${name} image`).toBe(name);
      expect(existsSync(path.join(repo, 'services', name, 'src/main.ts')), `services/${name}/src/main.ts`).toBe(true);
    }
    const imaged = r
      .workloads()
      .flatMap((w) => w.spec.template.spec.containers.map((c) => atendeImage(c.image)))
      .filter((x) => x !== undefined);
    expect(imaged.sort()).toEqual([...expected, 'web'].sort());
    r.get<Workload>('Deployment', 'web');
  });

  it('gives every workload matching selector labels, resources and mounted volumes that exist', () => {
    for (const w of r.workloads()) {
      const { labels } = w.spec.template.metadata;
      for (const [k, v] of Object.entries(w.spec.selector.matchLabels)) expect(labels[k], `${idOf(w)} selector ${k}`).toBe(v);
      const volumes = new Map((w.spec.template.spec.volumes ?? []).map((v) => [v.name, v]));
      const claims = new Set((w.spec.volumeClaimTemplates ?? []).map((t) => t.metadata.name));
      for (const c of w.spec.template.spec.containers) {
        expect(c.resources?.requests?.cpu, `${idOf(w)} cpu request`).toBeTruthy();
        expect(c.resources?.requests?.memory, `${idOf(w)} memory request`).toBeTruthy();
        expect(c.resources?.limits?.memory, `${idOf(w)} memory limit`).toBeTruthy();
        expect(c.livenessProbe, `${idOf(w)} liveness probe`).toBeDefined();
        expect(c.readinessProbe, `${idOf(w)} readiness probe`).toBeDefined();
        for (const probe of [c.startupProbe, c.readinessProbe, c.livenessProbe]) {
          const port = probe?.httpGet?.port ?? probe?.tcpSocket?.port;
          if (port !== undefined) expect(containerPort(c, port), `${idOf(w)} probe port ${port}`).toBeDefined();
        }
        for (const m of c.volumeMounts ?? []) expect(volumes.has(m.name) || claims.has(m.name), `${idOf(w)} mounts ${m.name}`).toBe(true);
        expect(c.envFrom, `${idOf(w)}: name each variable (env), no envFrom`).toBeUndefined();
      }
      for (const v of volumes.values()) {
        if (v.persistentVolumeClaim) r.get('PersistentVolumeClaim', v.persistentVolumeClaim.claimName);
        if (v.configMap) r.get('ConfigMap', v.configMap.name);
      }
    }
  });

  it('sets exactly the variables each process parses, every required one, with values its schema accepts', () => {
    for (const [name, app] of Object.entries(apps)) {
      const d = r.get<Workload>('Deployment', name);
      const containers = d.spec.template.spec.containers;
      expect(containers, `${name}: one container`).toHaveLength(1);
      const env = containers[0]?.env ?? [];
      const names = env.map((e) => e.name);
      expect(new Set(names).size, `${name}: duplicate variables`).toBe(names.length);

      const known = new Set([...Object.keys(app.shape), ...app.pemFiles, ...app.extra]);
      for (const n of names) expect(known.has(n), `${name} sets ${n}, which its configuration does not read`).toBe(true);

      const provided = new Set(names.map((n) => n.replace(/_FILE$/, '')));
      for (const [key, schema] of Object.entries(app.shape)) {
        // PORT has a default in every main.ts; the container port check pins it.
        if (key === 'PORT') continue;
        if (isRequired(schema)) expect(provided.has(key), `${name} needs ${key} (required by its schema)`).toBe(true);
      }

      for (const e of env) {
        const schema = app.shape[e.name];
        if (e.value !== undefined) {
          if (schema) expect(schema.safeParse(e.value).success, `${name}: ${e.name}=${e.value} is refused by its schema`).toBe(true);
          continue;
        }
        const { secretKeyRef, configMapKeyRef } = e.valueFrom ?? {};
        if (secretKeyRef?.name === INTEGRATIONS_SECRET) {
          expect(secretKeyRef.key, `${name}: ${e.name}`).toBe(e.name);
          expect(secretKeyRef.optional, `${name}: ${e.name} comes from an optional Secret`).toBe(true);
          expect(schema && !isRequired(schema), `${name}: ${e.name} must be optional in its schema`).toBe(true);
        } else if (secretKeyRef) {
          expect(secretKeyRef.name, `${name}: ${e.name}`).toBe(SECRET_NAME);
          expect(secretKeys.has(secretKeyRef.key), `${name}: ${e.name} reads ${SECRET_NAME}/${secretKeyRef.key}, which create-secret.sh does not create`).toBe(
            true,
          );
          expect(secretKeyRef.optional, `${name}: ${e.name} must stop the pod when the Secret lacks it`).not.toBe(true);
        } else if (configMapKeyRef) {
          const value = r.configValue(configMapKeyRef);
          expect(value, `${name}: ${e.name} reads ConfigMap ${configMapKeyRef.name}/${configMapKeyRef.key}, which is missing`).toBeDefined();
          if (schema) expect(schema.safeParse(value).success, `${name}: ${e.name}=${value} is refused by its schema`).toBe(true);
        } else {
          throw new Error(`${name}: ${e.name} has neither a value, a secretKeyRef nor a configMapKeyRef`);
        }
      }
    }
  });

  it('exposes each service on its service-map port, named http, with PORT agreeing', () => {
    for (const [name, app] of Object.entries(apps)) {
      const [c] = r.get<Workload>('Deployment', name).spec.template.spec.containers;
      expect(c?.ports, name).toEqual([{ name: 'http', containerPort: app.port }]);
      const port = c?.env?.find((e) => e.name === 'PORT');
      if (port) expect(port.value, `${name} PORT`).toBe(String(app.port));
    }
  });

  it('probes /healthz (startup, liveness) and /readyz (readiness) on the http port', () => {
    for (const name of [...Object.keys(apps), 'web']) {
      const [c] = r.get<Workload>('Deployment', name).spec.template.spec.containers;
      if (!c) throw new Error(`${name}: no container`);
      expect(c.readinessProbe?.httpGet, `${name} readiness`).toMatchObject({ path: '/readyz' });
      expect(c.livenessProbe?.httpGet, `${name} liveness`).toMatchObject({ path: '/healthz' });
      if (c.startupProbe) expect(c.startupProbe.httpGet, `${name} startup`).toMatchObject({ path: '/healthz' });
      for (const probe of [c.readinessProbe, c.livenessProbe, c.startupProbe]) {
        if (probe?.httpGet) expect(containerPort(c, probe.httpGet.port)?.name, `${name} probe port`).toBe('http');
      }
    }
  });

  it('has every service process (runService: GET /metrics) scraped on its own port, and not the public gateway', () => {
    for (const name of serviceNames) {
      const template = r.get<Workload>('Deployment', name).spec.template;
      expect(template.metadata.annotations, name).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(serviceMap[name].port),
        'prometheus.io/path': '/metrics',
      });
    }
    expect(r.get<Workload>('Deployment', 'gateway').spec.template.metadata.annotations?.['prometheus.io/scrape']).toBeUndefined();
  });

  it('selects pods with every Service and targets ports those pods have', () => {
    for (const svc of r.all<Service>('Service')) {
      const picked = r.selected(svc.spec.selector);
      expect(picked.map(idOf), `Service ${svc.metadata.name} selects exactly one workload`).toHaveLength(1);
      const workload = picked[0] as Workload;
      for (const p of svc.spec.ports) {
        const target = p.targetPort ?? p.port;
        const found = workload.spec.template.spec.containers.some((c) => containerPort(c, target));
        expect(found, `Service ${svc.metadata.name} port ${p.port} -> ${target} on ${idOf(workload)}`).toBe(true);
      }
    }
    for (const name of [...Object.keys(apps), 'web']) {
      const svc = r.get<Service>('Service', name);
      expect(
        r.selected(svc.spec.selector).map((w) => w.metadata.name),
        `Service ${name} selects Deployment ${name}`,
      ).toEqual([name]);
    }
  });

  it('lets the gateway reach every service at its upstream URL', () => {
    const [c] = r.get<Workload>('Deployment', 'gateway').spec.template.spec.containers;
    const env = Object.fromEntries((c?.env ?? []).filter((e) => e.value !== undefined).map((e) => [e.name, e.value]));
    for (const name of serviceNames) {
      const url = new URL(upstreamUrl(env, name, serviceMap[name].port));
      const svc = r.get<Service>('Service', url.hostname);
      expect(serviceHasPort(svc, { number: Number(url.port || 80) }), `${name} upstream ${url.href}`).toBe(true);
      expect(r.selected(svc.spec.selector).map((w) => w.metadata.name)).toEqual([name]);
    }
  });

  it('points NATS_URL and REDIS_URL at Services and ports that exist', () => {
    const config = r.get<ConfigMap>('ConfigMap', 'atende-config');
    for (const key of ['NATS_URL', 'REDIS_URL']) {
      const url = new URL(config.data?.[key] ?? '');
      const svc = r.get<Service>('Service', url.hostname);
      expect(serviceHasPort(svc, { number: Number(url.port) }), `${key}=${url.href}`).toBe(true);
    }
  });

  it('routes /api and /socket.io to the gateway and / to web', () => {
    const ingresses = r.all<Ingress>('Ingress');
    expect(ingresses).toHaveLength(1);
    const ingress = ingresses[0] as Ingress;
    expect(ingress.spec.rules.length).toBeGreaterThan(0);
    for (const rule of ingress.spec.rules) {
      const routes = Object.fromEntries(rule.http.paths.map((p) => [p.path, p]));
      for (const [prefix, target] of [
        ['/api', 'gateway'],
        ['/socket.io', 'gateway'],
        ['/', 'web'],
      ] as const) {
        const route = routes[prefix];
        expect(route?.pathType, `${prefix} on ${rule.host ?? '*'}`).toBe('Prefix');
        expect(route?.backend.service.name, prefix).toBe(target);
        expect(serviceHasPort(r.get<Service>('Service', target), route?.backend.service.port ?? {}), `${prefix} backend port`).toBe(true);
      }
      for (const p of rule.http.paths) r.get<Service>('Service', p.backend.service.name);
    }
    const hosts = new Set(ingress.spec.rules.map((rule) => rule.host));
    for (const tls of ingress.spec.tls ?? []) for (const h of tls.hosts ?? []) expect(hosts.has(h), `TLS host ${h} has a rule`).toBe(true);
  });

  it('autoscales the gateway, realtime and the channel workers, each HPA on an existing Deployment it alone sizes', () => {
    const hpas = r.all<Hpa>('HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name)).toEqual(expect.arrayContaining(['gateway', 'realtime', 'channels']));
    for (const hpa of hpas) {
      const { kind, name } = hpa.spec.scaleTargetRef;
      expect(kind).toBe('Deployment');
      const d = r.get<Workload>('Deployment', name);
      expect(d.spec.replicas, `${name}: the HPA sizes it, so the Deployment sets no replicas`).toBeUndefined();
      expect(hpa.spec.minReplicas ?? 1).toBeLessThanOrEqual(hpa.spec.maxReplicas);
      for (const metric of hpa.spec.metrics ?? []) {
        const resource = metric.resource?.name;
        if (metric.type !== 'Resource' || !resource) continue;
        for (const c of d.spec.template.spec.containers) expect(c.resources?.requests?.[resource], `${name}: ${resource} request for the HPA`).toBeTruthy();
      }
    }
  });

  it('gives every PodDisruptionBudget pods to guard', () => {
    for (const pdb of r.all<Pdb>('PodDisruptionBudget')) expect(r.selected(pdb.spec.selector.matchLabels), pdb.metadata.name).toHaveLength(1);
  });

  it('names a headless Service for each StatefulSet', () => {
    for (const s of r.all<Workload>('StatefulSet')) {
      const svc = r.get<Service>('Service', s.spec.serviceName ?? '');
      expect(svc.spec.clusterIP, `${s.metadata.name}: ${svc.metadata.name}`).toBe('None');
    }
  });

  it('reads every required Secret key from atende-secrets, which create-secret.sh creates', () => {
    for (const w of r.workloads()) {
      for (const c of w.spec.template.spec.containers) {
        for (const e of c.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          if (!ref || (ref.name === INTEGRATIONS_SECRET && ref.optional)) continue;
          expect(ref.name).toBe(SECRET_NAME);
          expect(secretKeys.has(ref.key), `${idOf(w)} ${e.name} -> ${ref.key}`).toBe(true);
        }
      }
    }
  });
});

describe('files', () => {
  it('includes every YAML file under deploy/k8s in a render (none is silently left out)', () => {
    const files = readdirSync(here, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.ya?ml$/.test(f))
      .map((f) => path.resolve(here, f));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => !readFiles.has(f)).map((f) => path.relative(repo, f))).toEqual([]);
  });
});

describe('overlays', () => {
  it('keep the in-cluster PostgreSQL in dev and drop it in prod, where the database is external', () => {
    expect(renders.dev.find('StatefulSet', 'postgres')).toBeDefined();
    expect(renders.prod.find('StatefulSet', 'postgres')).toBeUndefined();
    expect(renders.prod.find('Service', 'postgres')).toBeUndefined();
    // The dev Secret's default DATABASE_URL names the in-cluster Service.
    const url = /database_url="(postgres:\/\/[^"]+)"/.exec(secretScript)?.[1] ?? '';
    const parsed = new URL(url.replace(/\$\{[a-z_]+\}/g, 'x'));
    expect(serviceHasPort(renders.dev.get<Service>('Service', parsed.hostname), { number: Number(parsed.port) })).toBe(true);
  });

  it('put everything in their namespace and tag every Atende image', () => {
    for (const [label, r] of [
      ['dev', renders.dev],
      ['prod', renders.prod],
    ] as const) {
      const ns = r.all('Namespace');
      expect(ns, label).toHaveLength(1);
      for (const res of r.resources) if (res.kind !== 'Namespace') expect(res.metadata.namespace, `${label} ${idOf(res)}`).toBe(ns[0]?.metadata.name);
      for (const w of r.workloads()) {
        for (const c of w.spec.template.spec.containers) if (atendeImage(c.image)) expect(splitImage(c.image)[1], `${label} ${c.image}`).toBeTruthy();
      }
    }
  });
});

describe('secrets', () => {
  const tools = (() => {
    try {
      execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!tools)('create-secret.sh makes values every schema accepts and a key pair that signs and verifies', () => {
    const yaml = execFileSync('bash', [path.join(here, 'create-secret.sh'), '--print', '--namespace', 'check'], { encoding: 'utf8' });
    const secret = parse(yaml) as { data: Record<string, string> };
    const data = Object.fromEntries(Object.entries(secret.data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]));
    expect(new Set(Object.keys(data))).toEqual(secretKeys);
    for (const [key, value] of Object.entries(data)) {
      const schema = ({ ...clusterEnvShape, ...authConfigShape } as Shape)[key];
      if (schema) expect(schema.safeParse(value).success, key).toBe(true);
    }
    const sign = createTokenSigner(data.JWT_PRIVATE_KEY ?? '');
    const verify = createTokenVerifier(data.JWT_PUBLIC_KEY ?? '');
    const token = sign({ sub: '1', companyId: 1, profile: 'admin', super: false, sid: 'check' });
    expect(verify(token)).toMatchObject({ userId: 1, companyId: 1 });
  });
});

function sortNamed(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(sortNamed);
    const named = items.every((i) => isObject(i) && typeof i.name === 'string');
    return named ? [...(items as { name: string }[])].sort((a, b) => a.name.localeCompare(b.name)) : items;
  }
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sortNamed(v)]));
  return value;
}

describe('kubectl kustomize', () => {
  const kubectl = (() => {
    try {
      execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!kubectl).each(Object.keys(renders) as (keyof typeof renders)[])('renders %s as the test does', (label) => {
    const dir = label === 'base' ? path.join(here, 'base') : path.join(here, 'overlays', label);
    const output = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    const real = parseAllDocuments(output).map((d) => d.toJS() as Resource);
    // Merged lists may come out in another order (kustomize puts patched entries first): compare by key.
    const byId = (list: Resource[]) => Object.fromEntries(list.map((x) => [idOf(x), sortNamed(x)]));
    expect(byId(real)).toEqual(byId(renders[label].resources));
  });
});

describe('images', () => {
  const dockerfile = readFileSync(path.join(repo, 'Dockerfile'), 'utf8');
  const stages = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((m) => m[1]);

  it('builds a service with SERVICE as the last stage, and the web app as target web', () => {
    expect(stages.at(-1)).toBe('service');
    expect(stages).toContain('web');
    const service = dockerfile.slice(dockerfile.lastIndexOf('AS service'));
    expect(service).toMatch(/ARG SERVICE/);
    expect(service).toMatch(/services\/\$\{SERVICE\}\/dist\/main\.js/);
    expect(service).toMatch(/^USER node$/m);
  });

  it('serves the web image on the port and probe paths of its Deployment', () => {
    const nginx = readFileSync(path.join(repo, 'deploy/docker/nginx.conf'), 'utf8');
    const [c] = renders.base.get<Workload>('Deployment', 'web').spec.template.spec.containers;
    expect(nginx).toContain(`listen ${c?.ports?.[0]?.containerPort};`);
    for (const probe of ['/healthz', '/readyz']) expect(nginx).toContain(`location = ${probe}`);
    expect(nginx).toMatch(/try_files \$uri \$uri\/ \/index\.html;/);
    // The console's service worker and manifest are revalidated on every load, never answered with the page.
    for (const file of ['/service-worker.js', '/manifest.json']) {
      const start = nginx.indexOf(`location = ${file}`);
      const block = nginx.slice(start, nginx.indexOf('\n    }', start));
      expect(block, file).toContain('Cache-Control "no-cache"');
      expect(block, file).toContain('try_files $uri =404;');
    }
  });

  it('keeps installed and built output out of the build context', () => {
    const ignored = readFileSync(path.join(repo, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist']));
  });
});
