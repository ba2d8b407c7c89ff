declare module 'autocannon' {
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; total: number; p50: number; p90: number; p99: number; p999: number };
  type Result = { requests: Histogram; latency: Histogram; throughput: Histogram; errors: number; timeouts: number; non2xx: number; duration: number };
  type Options = {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    requests?: { method?: string; path?: string; headers?: Record<string, string>; body?: string }[];
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
