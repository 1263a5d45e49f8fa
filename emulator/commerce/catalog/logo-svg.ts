import { createHash } from "node:crypto";

// Operator and brand logos: a coloured tile with the name's initials, generated on request.
// Colour comes from the name, so a logo never changes.

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function initials(name: string): string {
  const words = name.split(/[\s.&-]+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((w) => [...w][0]) : [...name].slice(0, 2);
  return letters.join("").toUpperCase();
}

export function operatorLogoSvg(name: string): string {
  const hue = createHash("sha256").update(name).digest().readUInt16BE(0) % 360;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img">',
    `<title>${escapeXml(name)}</title>`,
    `<rect width="128" height="128" rx="24" fill="hsl(${hue}, 60%, 42%)"/>`,
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="44" font-weight="700" fill="#ffffff">${escapeXml(initials(name))}</text>`,
    "</svg>",
  ].join("");
}
