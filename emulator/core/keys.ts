import { randomBytes } from "node:crypto";
import type { StateRecords } from "./state-parts";

// Every random key that signs or verifies something a client keeps (access tokens, ID tokens,
// eSIM price tokens, QR links), by name. Keys are made on first use and belong to the
// emulator, not to a process: with a state file they survive restarts, so tokens and links
// handed out before a restart still verify. A reset keeps them too (old links stay
// verifiable; what they point to is gone).

export class KeyRing {
  private values = new Map<string, string>();
  private buffers = new Map<string, Buffer>();

  /** `length` random bytes under `name`, the same ones on every call. */
  bytes(name: string, length = 32): Buffer {
    let buffer = this.buffers.get(name);
    if (!buffer) {
      buffer = Buffer.from(
        this.text(name, () => randomBytes(length).toString("base64")),
        "base64",
      );
      this.buffers.set(name, buffer);
    }
    return buffer;
  }

  /** A generated secret kept as text (e.g. a PEM key pair), made by `make` on first use. */
  text(name: string, make: () => string): string {
    let value = this.values.get(name);
    if (value === undefined) {
      value = make();
      this.values.set(name, value);
    }
    return value;
  }

  /** One record per key, named as the key. */
  dump(): StateRecords {
    return new Map(this.values);
  }

  load(records: StateRecords): void {
    this.values = new Map([...records].map(([name, value]) => [name, value as string]));
    this.buffers.clear();
  }
}
