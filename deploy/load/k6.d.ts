/**
 * The slice of the k6 JavaScript API the load scripts use (k6 v1: `k6`, `k6/http`, `k6/metrics`,
 * `k6/ws`, and the init-context globals). Hand-written so `tsc -p deploy/load` needs no package;
 * signatures follow grafana.com/docs/k6/latest/javascript-api/.
 */

/** Variables given with `k6 run -e NAME=value` or from the environment. */
declare const __ENV: Record<string, string | undefined>;
/** 1-based number of the current virtual user (0 in setup and teardown). */
declare const __VU: number;
/** 0-based iteration number of the current virtual user. */
declare const __ITER: number;

declare const console: {
  log(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
};

declare module 'k6' {
  export type Checkers<T> = Record<string, (value: T) => boolean>;
  /** Records each named condition as a pass or fail of the `checks` metric; true when all pass. */
  export function check<T>(value: T, checkers: Checkers<T>, tags?: Record<string, string>): boolean;
  export function sleep(seconds: number): void;
  export function group<T>(name: string, fn: () => T): T;
  /** Throws: aborts the current iteration (or setup, which aborts the test). */
  export function fail(message?: string): never;

  export type Stage = { duration: string; target: number };
  type ScenarioCommon = {
    exec?: string;
    startTime?: string;
    gracefulStop?: string;
    env?: Record<string, string>;
    tags?: Record<string, string>;
  };
  export type Scenario = ScenarioCommon &
    (
      | { executor: 'constant-vus'; vus: number; duration: string }
      | { executor: 'ramping-vus'; startVUs?: number; stages: Stage[]; gracefulRampDown?: string }
      | { executor: 'per-vu-iterations'; vus: number; iterations: number; maxDuration?: string }
      | { executor: 'shared-iterations'; vus: number; iterations: number; maxDuration?: string }
      | { executor: 'constant-arrival-rate'; rate: number; timeUnit?: string; duration: string; preAllocatedVUs: number; maxVUs?: number }
      | { executor: 'ramping-arrival-rate'; startRate?: number; timeUnit?: string; preAllocatedVUs: number; maxVUs?: number; stages: Stage[] }
    );
  export type Threshold = string | { threshold: string; abortOnFail?: boolean; delayAbortEval?: string };
  export type Options = {
    scenarios?: Record<string, Scenario>;
    thresholds?: Record<string, Threshold[]>;
    vus?: number;
    duration?: string;
    iterations?: number;
    stages?: Stage[];
    setupTimeout?: string;
    teardownTimeout?: string;
    discardResponseBodies?: boolean;
    noCookiesReset?: boolean;
    summaryTrendStats?: string[];
    tags?: Record<string, string>;
    userAgent?: string;
  };
}

declare module 'k6/http' {
  /** Parsed JSON as k6 returns it. */
  export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };
  export type RequestBody = string | ArrayBuffer | Record<string, string> | null;
  /** Opaque: built by expectedStatuses(), decides which statuses count as http_req_failed. */
  export type ResponseCallback = { readonly __k6ResponseCallback: true };
  export type Params = {
    headers?: Record<string, string>;
    tags?: Record<string, string>;
    timeout?: string | number;
    redirects?: number;
    responseType?: 'text' | 'binary' | 'none';
    responseCallback?: ResponseCallback | null;
    cookies?: Record<string, string>;
  };
  export type Timings = {
    blocked: number;
    connecting: number;
    tls_handshaking: number;
    sending: number;
    waiting: number;
    receiving: number;
    duration: number;
  };
  export type Cookie = { name: string; value: string; domain: string; path: string; http_only: boolean; secure: boolean };
  export type Response = {
    status: number;
    status_text: string;
    url: string;
    body: string | ArrayBuffer | null;
    headers: Record<string, string>;
    cookies: Record<string, Cookie[]>;
    timings: Timings;
    /** Empty unless the request failed at the network level. */
    error: string;
    error_code: number;
    /** Parses the body (or the value at a GJSON selector); throws when the body is not JSON. */
    json(selector?: string): JSONValue;
  };
  export type StatusRange = { min: number; max: number };

  export function get(url: string, params?: Params): Response;
  export function post(url: string, body?: RequestBody, params?: Params): Response;
  export function put(url: string, body?: RequestBody, params?: Params): Response;
  export function patch(url: string, body?: RequestBody, params?: Params): Response;
  export function del(url: string, body?: RequestBody, params?: Params): Response;
  export function request(method: string, url: string, body?: RequestBody, params?: Params): Response;
  export function expectedStatuses(...statuses: (number | StatusRange)[]): ResponseCallback;
  export function setResponseCallback(callback: ResponseCallback | null): void;

  const http: {
    get: typeof get;
    post: typeof post;
    put: typeof put;
    patch: typeof patch;
    del: typeof del;
    request: typeof request;
    expectedStatuses: typeof expectedStatuses;
    setResponseCallback: typeof setResponseCallback;
  };
  export default http;
}

declare module 'k6/metrics' {
  type Tags = Record<string, string>;
  export class Counter {
    constructor(name: string);
    add(value: number, tags?: Tags): void;
  }
  export class Gauge {
    constructor(name: string, isTime?: boolean);
    add(value: number, tags?: Tags): void;
  }
  export class Rate {
    constructor(name: string);
    add(value: boolean | number, tags?: Tags): void;
  }
  export class Trend {
    constructor(name: string, isTime?: boolean);
    add(value: number, tags?: Tags): void;
  }
}

declare module 'k6/ws' {
  export type Socket = {
    on(event: 'open' | 'close', handler: () => void): void;
    on(event: 'message', handler: (data: string) => void): void;
    on(event: 'error', handler: (error: { error(): string }) => void): void;
    on(event: 'ping' | 'pong', handler: () => void): void;
    send(data: string): void;
    ping(): void;
    close(code?: number): void;
    setTimeout(handler: () => void, ms: number): void;
    setInterval(handler: () => void, ms: number): void;
  };
  export type Params = { headers?: Record<string, string>; tags?: Record<string, string> };
  /** Blocks until the socket closes; the returned status is the handshake's (101 when upgraded). */
  export function connect(url: string, params: Params | null, callback: (socket: Socket) => void): { status: number; error?: string };
  const ws: { connect: typeof connect };
  export default ws;
}
