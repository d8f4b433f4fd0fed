/**
 * The one retry policy of the data toolkit (docs/architecture.md "Data toolkit"): a call that lost
 * a race with another transaction in flight, or was throttled, is sent again up to
 * `RETRY_ATTEMPTS` times in all, after a "full jitter" exponential pause (a random wait between 0
 * and min(`RETRY_CAP_MS`, `RETRY_BASE_MS` * 2^attempt)), so concurrent losers spread out instead of
 * colliding again. Everything else (a refused condition above all: it is the caller's answer) is
 * never retried. The SDK's own retries (3 attempts) sit below this for plain throttling.
 */
export const RETRY_ATTEMPTS = 6;
const RETRY_BASE_MS = 20;
const RETRY_CAP_MS = 800;

/** Error names DynamoDB answers for a transient condition (a conflict or throttling). */
const transientErrors = new Set([
  'TransactionConflictException',
  'TransactionInProgressException',
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
]);

/** Cancellation reasons that mean "try again" rather than "no". */
export const transientReasons = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

export const isTransientError = (error: unknown): boolean => error instanceof Error && transientErrors.has(error.name);

export const jitteredPause = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** attempt)));

/** Runs `work` under the retry policy; `transient` tells which failures are worth another try. */
export async function withRetries<T>(work: () => Promise<T>, transient: (error: unknown) => boolean = isTransientError): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= RETRY_ATTEMPTS || !transient(error)) throw error;
      await jitteredPause(attempt);
    }
  }
}
