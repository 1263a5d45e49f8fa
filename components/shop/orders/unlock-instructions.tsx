import { formatHowto, type HowtoPart } from "@/lib/products/unlock/instructions";

function Parts({ parts }: { parts: HowtoPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        typeof part === "string" ? (
          <span key={i}>{part}</span>
        ) : (
          <code
            key={i}
            className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-base font-semibold tracking-wider break-all"
          >
            {part.code}
          </code>
        ),
      )}
    </>
  );
}

/** The unlock instructions (`howto`), multi-line text shown as paragraphs and steps. */
export function UnlockInstructions({ howto }: { howto: string }) {
  return (
    <div className="flex flex-col gap-3 text-sm leading-relaxed" data-testid="unlock-instructions">
      {formatHowto(howto).map((block, i) =>
        block.kind === "paragraph" ? (
          <p key={i}>
            <Parts parts={block.parts} />
          </p>
        ) : block.kind === "ordered" ? (
          <ol key={i} className="flex list-decimal flex-col gap-2 pl-5">
            {block.items.map((item, j) => (
              <li key={j}>
                <Parts parts={item} />
              </li>
            ))}
          </ol>
        ) : (
          <ul key={i} className="flex list-disc flex-col gap-2 pl-5">
            {block.items.map((item, j) => (
              <li key={j}>
                <Parts parts={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
