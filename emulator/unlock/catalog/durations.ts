// Human-readable durations for a tool's average_time ("2 days 4 hours", "35 minutes").
const UNITS: Array<[string, number]> = [
  ["week", 604_800_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1_000],
];

export function formatDuration(ms: number): string {
  const parts: string[] = [];
  let rest = Math.max(0, Math.round(ms / 1000) * 1000);
  for (const [name, size] of UNITS) {
    const n = Math.floor(rest / size);
    if (n > 0) parts.push(`${n} ${name}${n === 1 ? "" : "s"}`);
    rest -= n * size;
    if (parts.length === 2) break;
  }
  return parts.length ? parts.join(" ") : "instant";
}
