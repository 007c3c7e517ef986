/**
 * Draws the demo tips' pictures (a loose manhole cover on a wet road, a dark street under a broken
 * lamp) from SVG and stores them through the same pipeline as readers' uploads, under
 * `apps/api/demo-media/tips/demo/` (committed). Run once: `node tools/demo/src/media/tip-pictures.ts`.
 */
import { mkdir } from "node:fs/promises";
import { preparePicture, storePicture } from "@davmu/api/modules/tips/pictures";
import sharp from "sharp";

const road = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200" viewBox="0 0 1600 1200">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fb4c8"/><stop offset="1" stop-color="#dfe6ec"/></linearGradient>
    <linearGradient id="asphalt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b6066"/><stop offset="1" stop-color="#2f3338"/></linearGradient>
    <radialGradient id="cover" cx="0.45" cy="0.4" r="0.7"><stop offset="0" stop-color="#8a8f94"/><stop offset="1" stop-color="#3d4246"/></radialGradient>
  </defs>
  <rect width="1600" height="420" fill="url(#sky)"/>
  <rect x="0" y="250" width="220" height="170" fill="#b9c2ca"/><rect x="240" y="200" width="260" height="220" fill="#c9d0d6"/>
  <rect x="1180" y="180" width="300" height="240" fill="#c2cad1"/><rect x="1500" y="260" width="100" height="160" fill="#aab4bd"/>
  <g fill="#e9eef2" opacity="0.7">${Array.from({ length: 18 }, (_, i) => `<rect x="${260 + (i % 6) * 38}" y="${225 + Math.floor(i / 6) * 55}" width="22" height="30"/>`).join("")}</g>
  <polygon points="0,420 1600,420 1600,1200 0,1200" fill="url(#asphalt)"/>
  <polygon points="760,420 840,420 900,1200 700,1200" fill="none"/>
  <g fill="#f2f2ee">${Array.from({ length: 6 }, (_, i) => `<polygon points="${792 - i * 6},${450 + i * 120} ${808 + i * 6},${450 + i * 120} ${812 + i * 8},${520 + i * 130} ${788 - i * 8},${520 + i * 130}"/>`).join("")}</g>
  <ellipse cx="560" cy="900" rx="330" ry="70" fill="#6f7a84" opacity="0.45"/>
  <ellipse cx="1080" cy="780" rx="240" ry="48" fill="#75808a" opacity="0.35"/>
  <g transform="translate(470 800) rotate(-9)">
    <ellipse cx="0" cy="18" rx="200" ry="74" fill="#1b1d20"/>
    <ellipse cx="22" cy="0" rx="190" ry="66" fill="url(#cover)" stroke="#2a2e32" stroke-width="8"/>
    <g stroke="#4a5055" stroke-width="6" fill="none">${Array.from({ length: 7 }, (_, i) => `<path d="M ${-130 + i * 42} -40 L ${-110 + i * 42} 42"/>`).join("")}</g>
  </g>
  <g transform="translate(980 930)"><polygon points="0,0 60,-150 120,0" fill="#f26b1d"/><rect x="22" y="-92" width="76" height="18" fill="#fff"/><rect x="10" y="-30" width="100" height="16" fill="#fff"/><rect x="-12" y="0" width="144" height="22" fill="#222"/></g>
</svg>`;

const lamp = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600" viewBox="0 0 1200 1600">
  <defs>
    <linearGradient id="night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0e1630"/><stop offset="1" stop-color="#2a3350"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffd98a" stop-opacity="0.9"/><stop offset="1" stop-color="#ffd98a" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1200" height="1600" fill="url(#night)"/>
  <g fill="#f5f3e6">${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 137) % 1200}" cy="${(i * 71) % 520}" r="${1 + (i % 3)}" opacity="0.7"/>`).join("")}</g>
  <rect x="0" y="700" width="420" height="560" fill="#1c2238"/><rect x="820" y="640" width="380" height="620" fill="#191f33"/>
  <g fill="#e8b85c">${[
    [60, 780],
    [200, 780],
    [60, 930],
    [300, 1080],
    [880, 720],
    [1020, 880],
    [880, 1040],
  ]
    .map(([x, y]) => `<rect x="${x}" y="${y}" width="70" height="90" opacity="0.85"/>`)
    .join("")}</g>
  <rect x="0" y="1260" width="1200" height="340" fill="#34384a"/>
  <rect x="0" y="1250" width="1200" height="18" fill="#55596b"/>
  <ellipse cx="240" cy="1290" rx="240" ry="60" fill="url(#glow)"/>
  <g transform="translate(170 0)"><rect x="50" y="420" width="26" height="860" fill="#4a4f60"/><path d="M 63 430 Q 63 360 150 360 L 200 360" stroke="#4a4f60" stroke-width="20" fill="none"/><rect x="180" y="350" width="90" height="34" rx="8" fill="#5a5f70"/><circle cx="225" cy="400" r="60" fill="url(#glow)"/></g>
  <g transform="translate(640 0)"><rect x="50" y="420" width="26" height="860" fill="#3e4352"/><path d="M 63 430 Q 63 360 150 360 L 200 360" stroke="#3e4352" stroke-width="20" fill="none"/><rect x="180" y="350" width="90" height="34" rx="8" fill="#2a2e3a"/><path d="M 190 392 L 212 410 L 200 424 L 226 440" stroke="#9aa0b4" stroke-width="4" fill="none"/></g>
  <g transform="translate(560 1180)" fill="#0b0f1c"><circle cx="0" cy="0" r="28"/><rect x="-26" y="26" width="52" height="120" rx="20"/><rect x="30" y="60" width="50" height="56" rx="8" fill="#101628"/></g>
</svg>`;

const folder = new URL("../../../../apps/api/demo-media/", import.meta.url).pathname;
await mkdir(`${folder}tips/demo`, { recursive: true });
for (const [name, svg] of [
  ["manhole-road", road],
  ["dark-street", lamp],
] as const) {
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  const stored = await storePicture(folder, await preparePicture(jpeg, 0), `tips/demo/${name}`);
  console.log(stored);
}
