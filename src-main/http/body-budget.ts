// Runs in: main. How many body bytes the server holds in memory at once. A JSON or form body is read into one
// buffer before it is parsed, so twenty concurrent 49 MB bodies once took the process from 0.47 to 1.84 GB and
// stalled it for 4.8 s. Each body reserves its size (its Content-Length, or its cap when chunked) from its
// caller's budget and from the server's; a body that does not fit is refused before a byte is read (429 with
// Retry-After), and the reservation is returned when the request ends. Uploads streamed to disk reserve nothing.

export interface BodyBudgetLimits {
  /** Bytes one caller (a signed-in account, or a client address) may have in flight. */
  perCaller: number;
  /** Bytes all callers together may have in flight. */
  total: number;
}

export const BODY_BUDGET: BodyBudgetLimits = { perCaller: 64 * 1024 * 1024, total: 256 * 1024 * 1024 };

export class BodyBudget {
  private readonly inFlight = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: BodyBudgetLimits = BODY_BUDGET) {}

  /**
   * Reserves `bytes` for `caller`; returns the release function, or null when it does not fit. One body alone is
   * always let through when nothing else is in flight (its own cap already bounds it).
   */
  reserve(caller: string, bytes: number): (() => void) | null {
    const mine = this.inFlight.get(caller) ?? 0;
    const fits = (mine === 0 || mine + bytes <= this.limits.perCaller) && (this.total === 0 || this.total + bytes <= this.limits.total);
    if (!fits) return null;
    this.inFlight.set(caller, mine + bytes);
    this.total += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(caller) ?? bytes) - bytes;
      if (left > 0) this.inFlight.set(caller, left);
      else this.inFlight.delete(caller);
      this.total -= bytes;
    };
  }

  /** Bytes in flight, for tests and the bench. */
  get held(): number {
    return this.total;
  }
}
