// Retries of idempotent calls, as the Python client does them: exponential backoff with jitter, or
// the server's Retry-After when it sends one.

import { parseRetryAfter } from "./errors.js";

export interface RetryOptions {
  /** Attempts, counting the first (1 = no retries). Default 3. */
  maxAttempts?: number;
  /** Seconds of the first retry's ceiling; doubled for each further retry. Default 0.5. */
  backoffBase?: number;
  /** The longest backoff, in seconds. Default 8. */
  backoffMax?: number;
  /** A Retry-After longer than this (seconds) is not waited for: the error is thrown at once. Default 60. */
  maxRetryAfter?: number;
}

/** 429 and 5xx are retried (409 REQUEST_IN_PROGRESS too: see retryStatus). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

export class RetryPolicy {
  readonly maxAttempts: number;
  readonly backoffBase: number;
  readonly backoffMax: number;
  readonly maxRetryAfter: number;

  constructor(options: RetryOptions = {}) {
    this.maxAttempts = options.maxAttempts ?? 3;
    this.backoffBase = options.backoffBase ?? 0.5;
    this.backoffMax = options.backoffMax ?? 8;
    this.maxRetryAfter = options.maxRetryAfter ?? 60;
    if (!Number.isInteger(this.maxAttempts) || this.maxAttempts < 1) {
      throw new RangeError("maxAttempts must be an integer of at least 1");
    }
  }

  /** The n-th retry waits a random time in [d/2, d], d = min(backoffMax, backoffBase * 2**(n-1)). */
  backoff(retry: number, random: () => number = Math.random): number {
    const ceiling = Math.min(this.backoffMax, this.backoffBase * 2 ** (retry - 1));
    return ceiling / 2 + random() * (ceiling / 2);
  }

  /** Seconds to wait before retry number `retry` (1-based), or undefined: do not retry. */
  delay(retry: number, response?: Response): number | undefined {
    if (retry >= this.maxAttempts) return undefined;
    const retryAfter = response ? parseRetryAfter(response.headers.get("retry-after")) : undefined;
    if (retryAfter === undefined) return this.backoff(retry);
    return retryAfter <= this.maxRetryAfter ? retryAfter : undefined;
  }
}

/** 429 and 5xx; and 409 REQUEST_IN_PROGRESS: a retry found the first try of the same idempotency key
 * still running, and waits for its answer. Reads a clone of a 409's body, never the response's own. */
export async function retryStatus(response: Response): Promise<boolean> {
  if (response.status === 409) {
    try {
      const body = (await response.clone().json()) as { error?: { code?: unknown } };
      return body?.error?.code === "REQUEST_IN_PROGRESS";
    } catch {
      return false;
    }
  }
  return RETRY_STATUSES.has(response.status);
}

/** A fresh idempotency key (uuid4), sent with every try of one call. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
