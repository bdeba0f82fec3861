/**
 * One search at a time per instance (decision 0033). A search's statements are bounded, but
 * three searches at once still put three of them in front of every other request on the
 * embedded database (one statement at a time for everyone) and take three shares of two cores
 * on PostgreSQL: measured, a cheap request then waited 4-6 times its idle p99. Searches queue
 * here instead, in order, so another request finds at most one search's statement ahead of it.
 */
export class SearchGate {
  private running = false;
  private readonly waiting: (() => void)[] = [];

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running = true;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running = false;
    }
  }
}
