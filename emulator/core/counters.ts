// Calls per route ("GET /v2/topup/countries"), so tests can prove how many upstream calls
// the shop made (cache, budget, five-minute gates).
export class CallCounters {
  private counts = new Map<string, number>();

  hit(method: string, path: string): void {
    const key = `${method} ${path}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries([...this.counts.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }

  clear(): void {
    this.counts.clear();
  }
}
