/**
 * Reads `read` every `intervalMs` until `done` accepts what it answered, and answers that. When
 * `timeoutMs` has passed it answers the last thing read instead, so that the test's own
 * expectation fails and says what it saw. The default wait is long: it costs time only when
 * something is broken, and a suite on two busy cores is slow.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 60_000, intervalMs = 200 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
