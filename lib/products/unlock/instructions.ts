// The supplier's `howto` is multi-line plain text (often a header, then numbered steps). It is
// shown formatted but never as markup: this splits it into paragraphs and lists, and marks
// long digit runs on lines that mention a code, so the unlock code stands out.

export type HowtoPart = string | { code: string };
export type HowtoBlock =
  { kind: "paragraph"; parts: HowtoPart[] } | { kind: "ordered" | "bulleted"; items: HowtoPart[][] };

const ORDERED = /^\s*\d+[.)]\s+/;
const BULLETED = /^\s*[-*•]\s+/;

export function formatHowto(howto: string): HowtoBlock[] {
  const blocks: HowtoBlock[] = [];
  for (const raw of howto.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const kind = ORDERED.test(line) ? "ordered" : BULLETED.test(line) ? "bulleted" : null;
    if (kind) {
      const item = withCodes(line.replace(kind === "ordered" ? ORDERED : BULLETED, ""));
      const last = blocks.at(-1);
      if (last && last.kind === kind) last.items.push(item);
      else blocks.push({ kind, items: [item] });
    } else {
      blocks.push({ kind: "paragraph", parts: withCodes(line) });
    }
  }
  return blocks;
}

function withCodes(line: string): HowtoPart[] {
  if (!/code|pin|key/i.test(line)) return [line];
  return line
    .split(/(\b\d{6,}\b)/)
    .filter((part) => part !== "")
    .map((part) => (/^\d{6,}$/.test(part) ? { code: part } : part));
}
