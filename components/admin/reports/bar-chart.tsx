import { useId } from "react";

// A small hand-built SVG bar chart (no chart library: a few rectangles are all the reports
// need). Accessible: the SVG is one image with a title and a text summary; the exact numbers
// are in the data table right under it, which is the real fallback for screen readers and for
// copying. Colours come from the theme tokens, so it works in light and dark.

export type Bar = { label: string; value: number; display: string };

export function BarChart({
  title,
  bars,
  summary,
  unitLabel,
  orientation = "vertical",
}: {
  title: string;
  bars: Bar[];
  summary: string;
  unitLabel: string;
  orientation?: "vertical" | "horizontal";
}) {
  const id = useId();
  return (
    <figure className="grid gap-2">
      <figcaption id={`${id}-t`} className="text-sm font-semibold">
        {title}
      </figcaption>
      <svg
        {...(orientation === "vertical" ? verticalBox(bars) : horizontalBox(bars))}
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        className="h-auto w-full text-brand"
      >
        <desc id={`${id}-d`}>{summary}</desc>
        {orientation === "vertical" ? <VerticalBars bars={bars} /> : <HorizontalBars bars={bars} />}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted">Data table: {title.toLowerCase()}</summary>
        <div className="mt-2 max-h-64 overflow-y-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 font-medium">
                  {unitLabel}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Value
                </th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.label} className="border-t border-border">
                  <th scope="row" className="py-1 font-normal">
                    {bar.label}
                  </th>
                  <td className="py-1 text-right tabular-nums">{bar.display}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

const V = { width: 800, height: 140, axis: 22, pad: 24 };

function verticalBox(_bars: Bar[]) {
  return { viewBox: `0 0 ${V.width} ${V.height + V.axis}` };
}

/** One bar per day, bottom-aligned; every n-th day labelled so labels never overlap. */
function VerticalBars({ bars }: { bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const gap = bars.length > 40 ? 2 : 4;
  // Padding on both sides keeps the first and last labels inside the image.
  const slot = bars.length ? (V.width - 2 * V.pad) / bars.length : V.width;
  const barWidth = Math.max(1, Math.min(48, slot - gap));
  const labelEvery = Math.max(1, Math.ceil(bars.length / 10));
  return (
    <>
      <line x1="0" x2={V.width} y1={V.height} y2={V.height} className="stroke-border" strokeWidth="1" />
      {bars.map((bar, i) => {
        const h = bar.value > 0 ? Math.max(2, (bar.value / max) * (V.height - 8)) : 0;
        const x = V.pad + i * slot + (slot - barWidth) / 2;
        return (
          <g key={bar.label}>
            <rect x={x} y={V.height - h} width={barWidth} height={h} rx={Math.min(3, barWidth / 4)} fill="currentColor">
              <title>{`${bar.label}: ${bar.display}`}</title>
            </rect>
            {i % labelEvery === 0 ? (
              <text x={x + barWidth / 2} y={V.height + 16} textAnchor="middle" className="fill-muted" fontSize="13">
                {bar.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </>
  );
}

const H = { width: 260, row: 30, label: 96 };

function horizontalBox(bars: Bar[]) {
  return { viewBox: `0 0 ${H.width} ${Math.max(1, bars.length) * H.row}` };
}

/** One row per category: its name, a bar, and the value. */
function HorizontalBars({ bars }: { bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const room = H.width - H.label - 58;
  return (
    <>
      {bars.map((bar, i) => {
        const w = bar.value > 0 ? Math.max(2, (bar.value / max) * room) : 0;
        const y = i * H.row;
        return (
          <g key={bar.label}>
            <text x="0" y={y + 19} className="fill-fg" fontSize="13">
              {bar.label.length > 13 ? `${bar.label.slice(0, 12)}…` : bar.label}
            </text>
            <rect x={H.label} y={y + 6} width={w} height={H.row - 12} rx="3" fill="currentColor">
              <title>{`${bar.label}: ${bar.display}`}</title>
            </rect>
            <text x={H.label + w + 6} y={y + 19} className="fill-muted" fontSize="12">
              {bar.display}
            </text>
          </g>
        );
      })}
    </>
  );
}
