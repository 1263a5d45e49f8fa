// A simple generated picture of a phone (or tablet) with its name, served as the device `img`.

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function deviceSvg(deviceId: number, brand: string, name: string, tablet: boolean): string {
  const hue = (deviceId * 47) % 360;
  const [w, h] = tablet ? [180, 240] : [120, 220];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(`${brand} ${name}`)}">`,
    `<rect x="4" y="4" width="${w - 8}" height="${h - 8}" rx="16" fill="hsl(${hue} 35% 25%)"/>`,
    `<rect x="12" y="22" width="${w - 24}" height="${h - 56}" rx="4" fill="hsl(${hue} 60% 92%)"/>`,
    `<circle cx="${w / 2}" cy="${h - 18}" r="7" fill="hsl(${hue} 20% 45%)"/>`,
    `<text x="${w / 2}" y="${h / 2 - 8}" text-anchor="middle" font-family="sans-serif" font-size="12" fill="#222">${escapeXml(brand)}</text>`,
    `<text x="${w / 2}" y="${h / 2 + 10}" text-anchor="middle" font-family="sans-serif" font-size="11" fill="#222">${escapeXml(name)}</text>`,
    `</svg>`,
  ].join("");
}
