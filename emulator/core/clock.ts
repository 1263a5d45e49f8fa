// The emulator's notion of time. Tests move it forward (control API) to pass a cancel window,
// a token lifetime or a guaranteed delivery time without waiting.
export class Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  date(): Date {
    return new Date(this.now());
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error("advance takes a non-negative number of milliseconds");
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }

  get offset(): number {
    return this.offsetMs;
  }

  /** Restores a saved offset: emulator time keeps running while the emulator is stopped. */
  setOffset(ms: number): void {
    this.offsetMs = ms;
  }
}
