// The part of autocannon's programmatic API the read benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    /** Requests per second over all connections. */
    overallRate?: number;
    /** Seconds. */
    duration?: number;
  }
  interface Result {
    latency: { p50: number; p99: number; average: number; max: number };
    requests: { total: number; average: number };
    non2xx: number;
    errors: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
