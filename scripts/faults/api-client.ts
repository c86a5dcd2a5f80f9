/** What the API answered during one fault: the figures the suite reports. */
export interface FaultFigures {
  requests: number;
  byStatus: Record<string, number>;
  /** 5xx answers other than 503, 503s without the error body, hangs: each one a broken promise. */
  broken: string[];
  /** The longest time one request took (or waited before failing). */
  longestStallMs: number;
}

export interface ApiAnswer {
  status: number;
  body: any;
}

/** Requests taking longer than this count as hanging (docs/operations.md: API timeouts). */
export const API_HANG_LIMIT_MS = 15_000;

/**
 * The API as the suite's callers see it: spread over every API process, each request timed and
 * counted under the fault going on at the time. A connection refused (an API process that is
 * being stopped) counts as status `refused`, an answer later than the hang limit as `hang`.
 */
export class ApiClient {
  private figures = new Map<string, FaultFigures>();
  private phase = 'setup';
  private next = 0;

  constructor(
    private readonly baseUrls: () => string[],
    private readonly token: string,
  ) {}

  /** Counts the following requests under `phase`. */
  during(phase: string): void {
    this.phase = phase;
  }

  figuresOf(phase: string): FaultFigures {
    let figures = this.figures.get(phase);
    if (!figures) {
      figures = { requests: 0, byStatus: {}, broken: [], longestStallMs: 0 };
      this.figures.set(phase, figures);
    }
    return figures;
  }

  async request(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const urls = this.baseUrls();
    const baseUrl = urls[this.next++ % urls.length]!;
    const figures = this.figuresOf(this.phase);
    const started = Date.now();
    let answer: ApiAnswer;
    let label: string;
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(API_HANG_LIMIT_MS),
      });
      const text = await response.text();
      answer = { status: response.status, body: text ? safeJson(text) : undefined };
      label = String(response.status);
    } catch (error) {
      const name = (error as { name?: string }).name;
      label = name === 'TimeoutError' ? 'hang' : 'refused';
      answer = { status: 0, body: undefined };
    }
    const elapsed = Date.now() - started;
    figures.requests += 1;
    figures.byStatus[label] = (figures.byStatus[label] ?? 0) + 1;
    figures.longestStallMs = Math.max(figures.longestStallMs, elapsed);
    const brokenPromise =
      label === 'hang' ||
      (answer.status >= 500 && answer.status !== 503) ||
      (answer.status === 503 && answer.body?.code !== 'service_unavailable' && !isHealthReport(path, answer.body));
    if (brokenPromise && figures.broken.length < 20)
      figures.broken.push(`${method} ${path} -> ${label} ${JSON.stringify(answer.body)?.slice(0, 200)}`);
    return answer;
  }
}

/** `GET /api/health` answers 503 with its own documented report rather than the error body. */
function isHealthReport(path: string, body: any): boolean {
  return path === '/api/health' && body?.status === 'unavailable';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
