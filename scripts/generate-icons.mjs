#!/usr/bin/env node
// Draws the web app's icons (public/icon-192.png, icon-512.png, icon-maskable-512.png), named
// in public/manifest.webmanifest: the favicon's leaf (public/favicon.svg) on its green disc,
// and for the maskable icon the leaf on a full green square, inside the central safe circle
// (80% of the width) that any mask keeps. Plain Node: the shapes are sampled 4x4 per pixel and
// written as PNG (zlib). The PNGs are committed; run again (`node scripts/generate-icons.mjs`)
// after changing the drawing.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { ROOT } from "./lib/server.mjs";

const GREEN = [0x04, 0x78, 0x57];
const PALE = [0xec, 0xfd, 0xf5];

/** Points along a cubic Bézier curve from p0 to p3. */
function cubic(p0, p1, p2, p3, steps = 32) {
  return Array.from({ length: steps }, (_, i) => {
    const t = (i + 1) / steps;
    const u = 1 - t;
    return [0, 1].map((k) => u * u * u * p0[k] + 3 * u * u * t * p1[k] + 3 * u * t * t * p2[k] + t * t * t * p3[k]);
  });
}

/** Points along the arc around `centre` from angle a to b (radians). */
function arc(centre, radius, a, b, steps = 32) {
  return Array.from({ length: steps }, (_, i) => {
    const angle = a + ((b - a) * (i + 1)) / steps;
    return [centre[0] + radius * Math.cos(angle), centre[1] + radius * Math.sin(angle)];
  });
}

// The favicon's leaf, in its 32-unit box: two curves down the sides and a round bottom.
const bottom = [16, 18];
const LEAF = [
  [16, 7],
  ...cubic([16, 7], [20, 10], [22, 13.5], [22, 17.5]),
  ...arc(bottom, 6, Math.atan2(-0.5, 6), Math.PI / 2),
  ...arc(bottom, 6, Math.PI / 2, Math.PI - Math.atan2(-0.5, 6)),
  ...cubic([10, 17.5], [10, 13.5], [12, 10], [16, 7]),
];

function inPolygon([x, y], polygon) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The leaf's vein: a line from (16, 11) to (16, 23), 1.6 wide, with round ends. */
function onVein([x, y]) {
  const cy = Math.min(23, Math.max(11, y));
  return Math.hypot(x - 16, y - cy) <= 0.8;
}

/** The colour (RGBA) at a point of the 32-unit box; `full`: a full square rather than the disc. */
function colourAt(point, full) {
  const onDisc = full || Math.hypot(point[0] - 16, point[1] - 16) <= 15;
  if (!onDisc) return [0, 0, 0, 0];
  if (inPolygon(point, LEAF) && !onVein(point)) return [...PALE, 255];
  return [...GREEN, 255];
}

/** RGBA pixels of one icon: `scale` shrinks the drawing about the centre (the maskable icon's safe zone). */
function draw(size, { full = false, scale = 1 } = {}) {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const unit = (v, s) => (((v + (s + 0.5) / samples) / size) * 32 - 16) / scale + 16;
          const colour = colourAt([unit(px, sx), unit(py, sy)], full);
          for (let k = 0; k < 3; k++) sum[k] += colour[k] * colour[3];
          sum[3] += colour[3];
        }
      }
      const at = (py * size + px) * 4;
      const alpha = sum[3] / (samples * samples);
      for (let k = 0; k < 3; k++) pixels[at + k] = sum[3] ? Math.round(sum[k] / sum[3]) : 0;
      pixels[at + 3] = Math.round(alpha);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter choice, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const ICONS = [
  { file: "icon-192.png", size: 192 },
  { file: "icon-512.png", size: 512 },
  // The leaf within the safe circle (40% of the width from the centre): the disc's 15 units of 16, scaled by 0.8.
  { file: "icon-maskable-512.png", size: 512, full: true, scale: 0.8 },
];

for (const { file, size, ...how } of ICONS) {
  const path = join(ROOT, "public", file);
  writeFileSync(path, png(size, draw(size, how)));
  console.log(`Wrote public/${file} (${size}x${size})`);
}
