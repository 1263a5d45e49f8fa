/** The semantic colours of the design system (see app/globals.css). */
export type Tone = "neutral" | "brand" | "ok" | "warn" | "danger";
