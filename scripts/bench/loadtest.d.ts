// The part of loadtest's programmatic API the read benchmark uses: the types it ships describe its
// older callback API, while loadTest has answered a promise since version 6.
declare module 'loadtest' {
  export interface LoadTestOptions {
    url: string;
    headers?: Record<string, string>;
    requestsPerSecond: number;
    maxSeconds: number;
    agentKeepAlive?: boolean;
    quiet?: boolean;
  }
  export interface LoadTestResult {
    totalRequests: number;
    totalErrors: number;
    errorCodes: Record<string, number>;
    maxLatencyMs: number;
    percentiles: Record<50 | 90 | 95 | 99, number>;
    /** Connections it had to open so that every request left on time. */
    clients: number;
  }
  export function loadTest(options: LoadTestOptions): Promise<LoadTestResult>;
}
