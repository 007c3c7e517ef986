/**
 * Draws the demo pictures of the circles and law Q&A (decision 035) into apps/api/demo-media/community/:
 * illustrations made from SVG here (nothing fetched), each as JPEG with AVIF and WebP renditions beside
 * it (the media route sends the smallest the browser accepts, decision 015), and the lawyers' avatars
 * as SVG. The outputs are committed; run again only when this script changes:
 * `node tools/demo/src/media/community-pictures.ts`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import sharp from "sharp";

const dir = new URL("../../../../apps/api/demo-media/community/", import.meta.url);

const sky = (id: string, top: string, bottom: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

/** A runner's silhouette at (x, y), `s` times 100 px tall. */
const runner = (x: number, y: number, s: number, color: string) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${color}" stroke="${color}" stroke-linecap="round" stroke-width="9">
    <circle cx="8" cy="-92" r="9" stroke="none"/>
    <line x1="4" y1="-78" x2="-4" y2="-38"/><line x1="2" y1="-70" x2="24" y2="-56"/><line x1="24" y1="-56" x2="34" y2="-72"/>
    <line x1="2" y1="-70" x2="-18" y2="-58"/><line x1="-18" y1="-58" x2="-26" y2="-40"/>
    <line x1="-4" y1="-38" x2="18" y2="-18"/><line x1="18" y1="-18" x2="12" y2="2"/>
    <line x1="-4" y1="-38" x2="-20" y2="-16"/><line x1="-20" y1="-16" x2="-40" y2="-20"/></g>`;

const pictures: Record<string, { width: number; height: number; svg: string }> = {
  // the circle's cover: the riverside track at sunrise
  "circle-cover": {
    width: 750,
    height: 422,
    svg: `<defs>${sky("s", "#ff9a62", "#ffd9a0")}</defs><rect width="750" height="422" fill="url(#s)"/>
      <circle cx="560" cy="210" r="70" fill="#fff3d6" opacity="0.9"/>
      <path d="M0 250 Q180 220 360 246 T750 236 V422 H0Z" fill="#6f8fa8"/>
      <path d="M0 300 Q200 282 400 300 T750 296 V422 H0Z" fill="#4f6f89"/>
      <rect y="340" width="750" height="82" fill="#c9583a"/>
      <g stroke="#fff" stroke-width="3" opacity="0.8"><line x1="0" y1="362" x2="750" y2="362"/><line x1="0" y1="392" x2="750" y2="392"/></g>
      ${runner(180, 352, 1.1, "#2b2b3a")}${runner(300, 356, 0.95, "#2b2b3a")}${runner(420, 352, 1.05, "#2b2b3a")}`,
  },
  // a post: dawn over the river and its bridge
  "dawn-river": {
    width: 1080,
    height: 720,
    svg: `<defs>${sky("s", "#3d5a80", "#f6b48f")}</defs><rect width="1080" height="720" fill="url(#s)"/>
      <circle cx="760" cy="400" r="90" fill="#ffe0a8"/>
      <rect y="420" width="1080" height="300" fill="#27496d"/>
      <g fill="#ffe0a8" opacity="0.5"><rect x="700" y="440" width="120" height="8"/><rect x="720" y="470" width="80" height="6"/><rect x="740" y="500" width="40" height="5"/></g>
      <path d="M0 380 H1080 V400 H0Z" fill="#1b2f45"/>
      <g fill="#1b2f45">${[80, 260, 440, 620, 800, 980].map((x) => `<rect x="${x}" y="380" width="24" height="120"/>`).join("")}</g>
      <path d="M0 380 Q270 300 540 380 Q810 300 1080 380" fill="none" stroke="#1b2f45" stroke-width="10"/>
      ${runner(300, 376, 0.7, "#101c2b")}${runner(380, 376, 0.7, "#101c2b")}`,
  },
  // a post: the finish line of the half marathon
  "finish-line": {
    width: 1080,
    height: 1080,
    svg: `<defs>${sky("s", "#8ecae6", "#e0f4ff")}</defs><rect width="1080" height="1080" fill="url(#s)"/>
      <rect y="760" width="1080" height="320" fill="#5c5f66"/>
      <g fill="#fff">${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 90}" y="900" width="45" height="24"/><rect x="${i * 90 + 45}" y="924" width="45" height="24"/>`).join("")}</g>
      <rect x="120" y="260" width="60" height="520" fill="#d62828"/><rect x="900" y="260" width="60" height="520" fill="#d62828"/>
      <rect x="120" y="230" width="840" height="150" rx="20" fill="#d62828"/>
      <text x="540" y="332" font-size="96" font-weight="bold" text-anchor="middle" fill="#fff" font-family="Noto Sans CJK SC, sans-serif">终 点</text>
      ${runner(460, 860, 2.4, "#1d3557")}${runner(700, 880, 2, "#264653")}`,
  },
  // a post: the finisher's medal
  medal: {
    width: 1080,
    height: 1080,
    svg: `<rect width="1080" height="1080" fill="#f3ede2"/>
      <path d="M400 80 L540 520 L680 80 Z" fill="#e63946"/><path d="M470 80 L540 300 L610 80 Z" fill="#1d3557"/>
      <circle cx="540" cy="680" r="260" fill="#e9b949"/><circle cx="540" cy="680" r="210" fill="#f4d27a"/>
      <text x="540" y="660" font-size="84" font-weight="bold" text-anchor="middle" fill="#8a5a00" font-family="Noto Sans CJK SC, sans-serif">江澜半马</text>
      <text x="540" y="770" font-size="64" text-anchor="middle" fill="#8a5a00" font-family="Noto Sans CJK SC, sans-serif">21.0975 公里</text>`,
  },
  // a post: running the riverside at night
  "night-run": {
    width: 1080,
    height: 720,
    svg: `<defs>${sky("s", "#0b132b", "#3a506b")}</defs><rect width="1080" height="720" fill="url(#s)"/>
      <g fill="#1c2541">${[0, 140, 230, 400, 520, 690, 800, 950].map((x, i) => `<rect x="${x}" y="${220 + (i % 3) * 50}" width="${110 + (i % 2) * 30}" height="300"/>`).join("")}</g>
      <g fill="#ffd166">${Array.from({ length: 40 }, (_, i) => `<rect x="${((i * 97) % 1060) + 10}" y="${260 + ((i * 53) % 220)}" width="12" height="16"/>`).join("")}</g>
      <rect y="520" width="1080" height="200" fill="#14213d"/>
      <g fill="#ffd166" opacity="0.35">${Array.from({ length: 10 }, (_, i) => `<rect x="${i * 110 + 20}" y="${560 + (i % 3) * 30}" width="60" height="5"/>`).join("")}</g>
      <rect y="500" width="1080" height="22" fill="#5c677d"/>
      ${runner(520, 500, 0.9, "#e0e1dd")}`,
  },
  // a post: the ginkgo trail in the park, upright
  "ginkgo-trail": {
    width: 720,
    height: 960,
    svg: `<defs>${sky("s", "#fefae0", "#faedcd")}</defs><rect width="720" height="960" fill="url(#s)"/>
      <path d="M300 960 L360 420 L420 960 Z" fill="#d4a373"/>
      ${Array.from({ length: 8 }, (_, i) => {
        const y = 160 + i * 100;
        const r = 60 + i * 10;
        return `<circle cx="${110 - i * 8}" cy="${y}" r="${r}" fill="#f4c430" opacity="0.9"/><circle cx="${610 + i * 8}" cy="${y}" r="${r}" fill="#e9a81c" opacity="0.9"/>`;
      }).join("")}
      <g fill="#f4c430">${Array.from({ length: 30 }, (_, i) => `<circle cx="${((i * 131) % 700) + 10}" cy="${620 + ((i * 71) % 320)}" r="8"/>`).join("")}</g>
      ${runner(360, 700, 1.2, "#6b4226")}`,
  },
};

/** The lawyers' avatars: the first character of the surname on a colour of its own. */
const avatars: Record<string, [string, string]> = {
  "lawyer-zhou": ["周", "#1d3557"],
  "lawyer-lin": ["林", "#2a9d8f"],
  "asker-default": ["问", "#8d99ae"],
};

async function main() {
  mkdirSync(dir, { recursive: true });
  for (const [name, { width, height, svg }] of Object.entries(pictures)) {
    const source = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${svg}</svg>`,
    );
    const image = sharp(source).flatten({ background: "#ffffff" });
    await image
      .clone()
      .jpeg({ quality: 78, mozjpeg: true })
      .toFile(new URL(`${name}.jpg`, dir).pathname);
    await image
      .clone()
      .webp({ quality: 70 })
      .toFile(new URL(`${name}.webp`, dir).pathname);
    await image
      .clone()
      .avif({ quality: 50 })
      .toFile(new URL(`${name}.avif`, dir).pathname);
  }
  for (const [name, [text, color]] of Object.entries(avatars)) {
    writeFileSync(
      new URL(`${name}.svg`, dir),
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="${color}"/><text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff" font-family="sans-serif">${text}</text></svg>\n`,
    );
  }
}

await main();
