import { z } from "zod";

// Injected faults per route, for reliability tests. A rule matches a method (or any) and a
// path pattern where `*` matches one path segment and a trailing `**` any rest.
export const faultRuleSchema = z.object({
  method: z.string().toUpperCase().optional(),
  path: z.string().startsWith("/"),
  /**
   * status: answer with `status` (5xx, 429, 409 …) in the API's own envelope;
   * latency: add `latencyMs` and then answer normally;
   * slow_answer: handle the request at once (its effects are durable), hold the answer `latencyMs`:
   *   a client that gives up or dies meanwhile has lost the answer to something that happened;
   * timeout: never answer (the client must give up);
   * malformed: answer 200 with a body that is not JSON;
   * reset: destroy the connection without an answer.
   */
  kind: z.enum(["status", "latency", "slow_answer", "timeout", "malformed", "reset"]),
  status: z.number().int().min(400).max(599).optional(),
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  /** With kind "status": the API's own error envelope, or an HTML page as a proxy in front of it would send. */
  body: z.enum(["envelope", "html"]).default("envelope"),
  /** Seconds sent in Retry-After / X-RateLimit-Reset with 429/409. */
  retryAfterSeconds: z.number().int().min(0).optional(),
  /** Probability 0..1 that a matching call is affected (deterministic order is `times`). */
  rate: z.number().min(0).max(1).default(1),
  /** Affect only the next N matching calls, then the rule retires. */
  times: z.number().int().min(1).optional(),
});

export type FaultRule = z.infer<typeof faultRuleSchema> & { id: number; hits: number };
/** A rule as tests write it (defaults may be left out). */
export type FaultRuleInput = z.input<typeof faultRuleSchema>;

export class Faults {
  private rules: FaultRule[] = [];
  private nextId = 1;

  add(input: FaultRuleInput): FaultRule {
    const rule = { ...faultRuleSchema.parse(input), id: this.nextId++, hits: 0 };
    this.rules.push(rule);
    return rule;
  }

  list(): FaultRule[] {
    return this.rules;
  }

  clear(): void {
    this.rules = [];
  }

  /** The rule that applies to this call, if any (and counts it). */
  take(method: string, path: string): FaultRule | undefined {
    for (const rule of this.rules) {
      if (rule.method && rule.method !== method) continue;
      if (!matches(rule.path, path)) continue;
      if (rule.rate < 1 && Math.random() >= rule.rate) continue;
      rule.hits++;
      if (rule.times !== undefined && rule.hits >= rule.times) this.rules = this.rules.filter((r) => r !== rule);
      return rule;
    }
    return undefined;
  }
}

export function matches(pattern: string, path: string): boolean {
  const want = pattern.split("/").filter(Boolean);
  const got = path.split("/").filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    if (want[i] === "**") return true;
    if (got[i] === undefined) return false;
    if (want[i] !== "*" && want[i] !== got[i]) return false;
  }
  return want.length === got.length;
}
