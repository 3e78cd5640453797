// Draws the four home-carousel scenes as SVG, in a wide (1600 × 500) and a tall (750 × 900)
// cut, into public/banners/. Artwork only: the headline, sub-line and call to action are
// translated HTML laid over it (features/games/components/banner-carousel.tsx).
//
// Run: node apps/web/scripts/draw-banners.mjs   (the output is committed; re-run after edits)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'banners');

/** A small seeded random generator, so every run draws the same stars. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n = (value) => Number(value.toFixed(1));

/** The two cuts: where the scene's centre of interest sits and how large it is drawn. */
const cuts = {
  desktop: { width: 1600, height: 500, cx: 1170, cy: 250, scale: 1 },
  mobile: { width: 750, height: 900, cx: 375, cy: 330, scale: 1.05 },
};

function stars(rand, width, height, count, color = '#fff') {
  let dots = '';
  for (let i = 0; i < count; i += 1) {
    const r = rand() < 0.12 ? 1.8 : rand() * 1.1 + 0.4;
    dots += `<circle cx="${n(rand() * width)}" cy="${n(rand() * height)}" r="${n(r)}" opacity="${n(rand() * 0.6 + 0.25)}"/>`;
  }
  return `<g fill="${color}">${dots}</g>`;
}

/** A four-pointed sparkle. */
function sparkle(x, y, size, fill, opacity = 1) {
  const s = size;
  const k = s * 0.22;
  return `<path d="M${n(x)} ${n(y - s)}Q${n(x + k)} ${n(y - k)} ${n(x + s)} ${n(y)}Q${n(x + k)} ${n(y + k)} ${n(x)} ${n(y + s)}Q${n(x - k)} ${n(y + k)} ${n(x - s)} ${n(y)}Q${n(x - k)} ${n(y - k)} ${n(x)} ${n(y - s)}Z" fill="${fill}" opacity="${opacity}"/>`;
}

/** Keeps the text side calm: a wash from the side (wide cut) or the bottom (tall cut). */
function textWash(cut, color) {
  if (cut.width > cut.height) {
    return `<linearGradient id="wash" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${color}" stop-opacity="0.92"/><stop offset="0.42" stop-color="${color}" stop-opacity="0.55"/><stop offset="0.62" stop-color="${color}" stop-opacity="0"/></linearGradient>`;
  }
  return `<linearGradient id="wash" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${color}" stop-opacity="0.95"/><stop offset="0.38" stop-color="${color}" stop-opacity="0.6"/><stop offset="0.6" stop-color="${color}" stop-opacity="0"/></linearGradient>`;
}

function svg(cut, defs, body) {
  const { width, height } = cut;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"><defs>${defs}</defs>${body}<rect width="${width}" height="${height}" fill="url(#wash)"/></svg>\n`;
}

/* 1. A universe of slots: a ringed planet, moons and orbits in deep violet space. */
function universe(cut) {
  const { width, height, cx, cy, scale } = cut;
  const rand = random(11);
  const r = 150 * scale;
  const defs = `
<radialGradient id="sky" cx="0.72" cy="0.4" r="0.9"><stop offset="0" stop-color="#3b1d8f"/><stop offset="0.45" stop-color="#1a1057"/><stop offset="1" stop-color="#080821"/></radialGradient>
<radialGradient id="nebA" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#e04fd8" stop-opacity="0.55"/><stop offset="1" stop-color="#e04fd8" stop-opacity="0"/></radialGradient>
<radialGradient id="nebB" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#22d3ee" stop-opacity="0.35"/><stop offset="1" stop-color="#22d3ee" stop-opacity="0"/></radialGradient>
<radialGradient id="planet" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#ffd27a"/><stop offset="0.35" stop-color="#f0793c"/><stop offset="0.7" stop-color="#a3266f"/><stop offset="1" stop-color="#3a0b4a"/></radialGradient>
<linearGradient id="bands" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.14"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<linearGradient id="ring" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8b5cf6" stop-opacity="0.2"/><stop offset="0.5" stop-color="#f5d0fe"/><stop offset="1" stop-color="#8b5cf6" stop-opacity="0.2"/></linearGradient>
<radialGradient id="moon" cx="0.35" cy="0.35" r="0.8"><stop offset="0" stop-color="#d9f99d"/><stop offset="1" stop-color="#15803d"/></radialGradient>
<radialGradient id="moon2" cx="0.35" cy="0.35" r="0.8"><stop offset="0" stop-color="#a5f3fc"/><stop offset="1" stop-color="#1e3a8a"/></radialGradient>
<linearGradient id="comet" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff"/></linearGradient>
<clipPath id="front"><rect x="${n(cx - 400 * scale)}" y="${n(cy)}" width="${n(800 * scale)}" height="${n(400 * scale)}"/></clipPath>
${textWash(cut, '#0a0826')}`;
  const ring = (extra = '') =>
    `<g transform="rotate(-16 ${cx} ${cy})"${extra}><ellipse cx="${cx}" cy="${cy}" rx="${n(r * 1.9)}" ry="${n(r * 0.42)}" fill="none" stroke="url(#ring)" stroke-width="${n(14 * scale)}"/><ellipse cx="${cx}" cy="${cy}" rx="${n(r * 2.15)}" ry="${n(r * 0.5)}" fill="none" stroke="#c4b5fd" stroke-opacity="0.35" stroke-width="${n(4 * scale)}"/></g>`;
  const body = `
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<ellipse cx="${n(cx - 260 * scale)}" cy="${n(cy - 80 * scale)}" rx="${n(360 * scale)}" ry="${n(220 * scale)}" fill="url(#nebA)"/>
<ellipse cx="${n(cx + 260 * scale)}" cy="${n(cy + 120 * scale)}" rx="${n(320 * scale)}" ry="${n(200 * scale)}" fill="url(#nebB)"/>
${stars(rand, width, height, 110)}
<g fill="none" stroke="#a78bfa" stroke-opacity="0.25" stroke-dasharray="4 10"><ellipse cx="${cx}" cy="${cy}" rx="${n(r * 3)}" ry="${n(r * 1.2)}" transform="rotate(-16 ${cx} ${cy})"/></g>
${ring()}
<circle cx="${cx}" cy="${cy}" r="${n(r)}" fill="url(#planet)"/>
<g clip-path="url(#planetClip)"></g>
<ellipse cx="${cx}" cy="${n(cy - r * 0.25)}" rx="${n(r * 0.98)}" ry="${n(r * 0.12)}" fill="url(#bands)"/>
<ellipse cx="${cx}" cy="${n(cy + r * 0.3)}" rx="${n(r * 0.93)}" ry="${n(r * 0.1)}" fill="url(#bands)"/>
<g clip-path="url(#front)">${ring()}</g>
<circle cx="${n(cx + r * 1.75)}" cy="${n(cy - r * 0.95)}" r="${n(r * 0.2)}" fill="url(#moon)"/>
<circle cx="${n(cx - r * 1.55)}" cy="${n(cy + r * 0.9)}" r="${n(r * 0.13)}" fill="url(#moon2)"/>
<g transform="rotate(24 ${n(cx - r * 1.6)} ${n(cy - r * 1.1)})"><rect x="${n(cx - r * 2.6)}" y="${n(cy - r * 1.1)}" width="${n(r * 1)}" height="${n(3 * scale)}" rx="1.5" fill="url(#comet)"/><circle cx="${n(cx - r * 1.6)}" cy="${n(cy - r * 1.1 + 1.5 * scale)}" r="${n(4 * scale)}" fill="#fff"/></g>
${sparkle(cx + r * 1.2, cy + r * 1.05, 14 * scale, '#fde68a')}
${sparkle(cx - r * 0.9, cy - r * 1.25, 10 * scale, '#f5d0fe')}
${sparkle(cx + r * 2.3, cy + r * 0.2, 8 * scale, '#a5f3fc', 0.8)}`;
  return svg(cut, defs, body);
}

/* 2. Welcome package: a gift and a tower of coins under a golden burst. */
function welcome(cut) {
  const { width, height, cx, cy, scale } = cut;
  const rand = random(23);
  const s = scale;
  let rays = '';
  for (let i = 0; i < 24; i += 1) {
    const a0 = (i / 24) * Math.PI * 2;
    const a1 = a0 + Math.PI / 48;
    const R = 900;
    rays += `<path d="M${cx} ${cy}L${n(cx + Math.cos(a0) * R)} ${n(cy + Math.sin(a0) * R)}L${n(cx + Math.cos(a1) * R)} ${n(cy + Math.sin(a1) * R)}Z"/>`;
  }
  const coin = (x, y, r, tilt = 0) =>
    `<g transform="rotate(${tilt} ${n(x)} ${n(y)})"><ellipse cx="${n(x)}" cy="${n(y + r * 0.12)}" rx="${n(r)}" ry="${n(r)}" fill="#b45309"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="url(#coin)"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.72)}" fill="none" stroke="#fff7d6" stroke-opacity="0.7" stroke-width="${n(r * 0.08)}"/>${sparkle(x, y, r * 0.42, '#fff7d6', 0.9)}</g>`;
  let stack = '';
  const baseX = cx + 150 * s;
  const baseY = cy + 150 * s;
  for (let i = 0; i < 7; i += 1) {
    const y = baseY - i * 22 * s;
    stack += `<ellipse cx="${n(baseX)}" cy="${n(y + 9 * s)}" rx="${n(62 * s)}" ry="${n(18 * s)}" fill="#92400e"/><rect x="${n(baseX - 62 * s)}" y="${n(y)}" width="${n(124 * s)}" height="${n(9 * s)}" fill="url(#edge)"/><ellipse cx="${n(baseX)}" cy="${n(y)}" rx="${n(62 * s)}" ry="${n(18 * s)}" fill="url(#coinTop)"/>`;
  }
  const gx = cx - 120 * s;
  const gy = cy + 10 * s;
  const gw = 190 * s;
  const gh = 150 * s;
  const gift = `
<rect x="${n(gx - gw / 2)}" y="${n(gy)}" width="${n(gw)}" height="${n(gh)}" rx="${n(10 * s)}" fill="url(#box)"/>
<rect x="${n(gx - gw / 2 - 12 * s)}" y="${n(gy - 44 * s)}" width="${n(gw + 24 * s)}" height="${n(50 * s)}" rx="${n(10 * s)}" fill="url(#lid)"/>
<rect x="${n(gx - 16 * s)}" y="${n(gy - 44 * s)}" width="${n(32 * s)}" height="${n(gh + 44 * s)}" fill="url(#ribbon)"/>
<path d="M${n(gx)} ${n(gy - 44 * s)}C${n(gx - 30 * s)} ${n(gy - 110 * s)} ${n(gx - 110 * s)} ${n(gy - 90 * s)} ${n(gx - 70 * s)} ${n(gy - 50 * s)}Z" fill="#fcd34d"/>
<path d="M${n(gx)} ${n(gy - 44 * s)}C${n(gx + 30 * s)} ${n(gy - 110 * s)} ${n(gx + 110 * s)} ${n(gy - 90 * s)} ${n(gx + 70 * s)} ${n(gy - 50 * s)}Z" fill="#fbbf24"/>
<circle cx="${n(gx)}" cy="${n(gy - 46 * s)}" r="${n(14 * s)}" fill="#f59e0b"/>`;
  const defs = `
<radialGradient id="bg" cx="0.73" cy="0.5" r="0.85"><stop offset="0" stop-color="#7c2d92"/><stop offset="0.5" stop-color="#3b0f5c"/><stop offset="1" stop-color="#12061f"/></radialGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fbbf24" stop-opacity="0.6"/><stop offset="1" stop-color="#fbbf24" stop-opacity="0"/></radialGradient>
<radialGradient id="coin" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff3b0"/><stop offset="0.5" stop-color="#f5b544"/><stop offset="1" stop-color="#c27c0e"/></radialGradient>
<linearGradient id="coinTop" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff1a8"/><stop offset="1" stop-color="#e9a23b"/></linearGradient>
<linearGradient id="edge" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#a16207"/><stop offset="0.5" stop-color="#f5b544"/><stop offset="1" stop-color="#92400e"/></linearGradient>
<linearGradient id="box" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a78bfa"/><stop offset="1" stop-color="#5b21b6"/></linearGradient>
<linearGradient id="lid" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c4b5fd"/><stop offset="1" stop-color="#7c3aed"/></linearGradient>
<linearGradient id="ribbon" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#f59e0b"/><stop offset="0.5" stop-color="#fde68a"/><stop offset="1" stop-color="#d97706"/></linearGradient>
${textWash(cut, '#16071f')}`;
  let confetti = '';
  const colors = ['#f472b6', '#fde68a', '#a78bfa', '#34d399', '#fbbf24'];
  for (let i = 0; i < 36; i += 1) {
    const x = cx + (rand() - 0.5) * 760 * s;
    const y = cy + (rand() - 0.5) * 460 * s;
    confetti += `<rect x="${n(x)}" y="${n(y)}" width="${n(10 * s)}" height="${n(4 * s)}" rx="2" fill="${colors[i % colors.length]}" transform="rotate(${Math.round(rand() * 180)} ${n(x)} ${n(y)})" opacity="0.85"/>`;
  }
  const body = `
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<g fill="#f5b544" opacity="0.07">${rays}</g>
<ellipse cx="${cx}" cy="${cy}" rx="${n(380 * s)}" ry="${n(300 * s)}" fill="url(#glow)"/>
${stars(rand, width, height, 40, '#fde68a')}
${confetti}
<ellipse cx="${cx}" cy="${n(cy + 168 * s)}" rx="${n(300 * s)}" ry="${n(26 * s)}" fill="#000" opacity="0.3"/>
${gift}
${stack}
${coin(cx + 20 * s, cy - 140 * s, 34 * s, -18)}
${coin(cx + 290 * s, cy - 60 * s, 26 * s, 20)}
${coin(cx - 300 * s, cy - 110 * s, 22 * s, 12)}
${sparkle(cx + 250 * s, cy - 160 * s, 18 * s, '#fff7d6')}
${sparkle(cx - 230 * s, cy + 120 * s, 12 * s, '#fde68a')}`;
  return svg(cut, defs, body);
}

/* 3. Table games: a roulette wheel, chips and two cards on green felt. */
function tables(cut) {
  const { width, height, cx, cy, scale } = cut;
  const s = scale;
  const rand = random(37);
  const R = 170 * s;
  const wx = cx + 40 * s;
  let pockets = '';
  const count = 37;
  for (let i = 0; i < count; i += 1) {
    const a0 = (i / count) * Math.PI * 2 - Math.PI / 2;
    const a1 = ((i + 1) / count) * Math.PI * 2 - Math.PI / 2;
    const fill = i === 0 ? '#16a34a' : i % 2 ? '#b91c1c' : '#111827';
    const r0 = R * 0.62;
    const r1 = R * 0.86;
    pockets += `<path d="M${n(wx + Math.cos(a0) * r0)} ${n(cy + Math.sin(a0) * r0)}L${n(wx + Math.cos(a0) * r1)} ${n(cy + Math.sin(a0) * r1)}A${n(r1)} ${n(r1)} 0 0 1 ${n(wx + Math.cos(a1) * r1)} ${n(cy + Math.sin(a1) * r1)}L${n(wx + Math.cos(a1) * r0)} ${n(cy + Math.sin(a1) * r0)}A${n(r0)} ${n(r0)} 0 0 0 ${n(wx + Math.cos(a0) * r0)} ${n(cy + Math.sin(a0) * r0)}Z" fill="${fill}"/>`;
  }
  let spokes = '';
  for (let i = 0; i < 4; i += 1) {
    const a = (i / 4) * Math.PI * 2 + 0.3;
    spokes += `<line x1="${wx}" y1="${cy}" x2="${n(wx + Math.cos(a) * R * 0.5)}" y2="${n(cy + Math.sin(a) * R * 0.5)}" stroke="#fde68a" stroke-width="${n(8 * s)}" stroke-linecap="round"/>`;
  }
  const chip = (x, y, color, layers) => {
    let g = '';
    for (let i = 0; i < layers; i += 1) {
      const yy = y - i * 9 * s;
      g += `<ellipse cx="${n(x)}" cy="${n(yy + 5 * s)}" rx="${n(40 * s)}" ry="${n(14 * s)}" fill="#0b1410" opacity="0.5"/><ellipse cx="${n(x)}" cy="${n(yy)}" rx="${n(40 * s)}" ry="${n(14 * s)}" fill="${color}"/><ellipse cx="${n(x)}" cy="${n(yy)}" rx="${n(40 * s)}" ry="${n(14 * s)}" fill="none" stroke="#fff" stroke-width="${n(5 * s)}" stroke-dasharray="${n(9 * s)} ${n(11 * s)}"/>`;
    }
    return (
      g +
      `<ellipse cx="${n(x)}" cy="${n(y - (layers - 1) * 9 * s)}" rx="${n(24 * s)}" ry="${n(8 * s)}" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="${n(2 * s)}"/>`
    );
  };
  const heart = (x, y, k, fill) =>
    `<path d="M${n(x)} ${n(y + 18 * k)}C${n(x - 30 * k)} ${n(y - 2 * k)} ${n(x - 16 * k)} ${n(y - 24 * k)} ${n(x)} ${n(y - 10 * k)}C${n(x + 16 * k)} ${n(y - 24 * k)} ${n(x + 30 * k)} ${n(y - 2 * k)} ${n(x)} ${n(y + 18 * k)}Z" fill="${fill}"/>`;
  const spade = (x, y, k, fill) =>
    `<path d="M${n(x)} ${n(y - 20 * k)}C${n(x + 30 * k)} ${n(y + 2 * k)} ${n(x + 18 * k)} ${n(y + 20 * k)} ${n(x + 3 * k)} ${n(y + 8 * k)}L${n(x + 8 * k)} ${n(y + 24 * k)}L${n(x - 8 * k)} ${n(y + 24 * k)}L${n(x - 3 * k)} ${n(y + 8 * k)}C${n(x - 18 * k)} ${n(y + 20 * k)} ${n(x - 30 * k)} ${n(y + 2 * k)} ${n(x)} ${n(y - 20 * k)}Z" fill="${fill}"/>`;
  const card = (x, y, rot, suit) =>
    `<g transform="rotate(${rot} ${n(x)} ${n(y)})"><rect x="${n(x - 55 * s)}" y="${n(y - 78 * s)}" width="${n(110 * s)}" height="${n(156 * s)}" rx="${n(12 * s)}" fill="#fbfaf5"/><rect x="${n(x - 47 * s)}" y="${n(y - 70 * s)}" width="${n(94 * s)}" height="${n(140 * s)}" rx="${n(8 * s)}" fill="none" stroke="#e5e2d6" stroke-width="${n(2 * s)}"/>${suit(x, y, 1.5 * s)}${suit(x - 32 * s, y - 52 * s, 0.5 * s)}${suit(x + 32 * s, y + 52 * s, 0.5 * s)}</g>`;
  const defs = `
<radialGradient id="felt" cx="0.72" cy="0.45" r="0.9"><stop offset="0" stop-color="#157a4a"/><stop offset="0.55" stop-color="#0b4a31"/><stop offset="1" stop-color="#04170f"/></radialGradient>
<radialGradient id="lamp" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fef3c7" stop-opacity="0.35"/><stop offset="1" stop-color="#fef3c7" stop-opacity="0"/></radialGradient>
<radialGradient id="rim" cx="0.4" cy="0.35" r="0.8"><stop offset="0" stop-color="#a16207"/><stop offset="1" stop-color="#451a03"/></radialGradient>
<radialGradient id="bowl" cx="0.45" cy="0.4" r="0.7"><stop offset="0" stop-color="#7c2d12"/><stop offset="1" stop-color="#2b0f05"/></radialGradient>
<radialGradient id="hub" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff7d6"/><stop offset="1" stop-color="#b7791f"/></radialGradient>
<pattern id="weave" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 6L6 0" stroke="#fff" stroke-opacity="0.025"/></pattern>
${textWash(cut, '#03140c')}`;
  const body = `
<rect width="${width}" height="${height}" fill="url(#felt)"/>
<rect width="${width}" height="${height}" fill="url(#weave)"/>
<ellipse cx="${wx}" cy="${n(cy - 40 * s)}" rx="${n(460 * s)}" ry="${n(320 * s)}" fill="url(#lamp)"/>
<g fill="none" stroke="#fde68a" stroke-opacity="0.18" stroke-width="2"><ellipse cx="${wx}" cy="${cy}" rx="${n(R * 2.3)}" ry="${n(R * 1.45)}"/></g>
${card(cx - 250 * s, cy + 40 * s, -14, (x, y, k) => spade(x, y, k, '#111827'))}
${card(cx - 170 * s, cy + 60 * s, 8, (x, y, k) => heart(x, y, k, '#dc2626'))}
<circle cx="${wx}" cy="${n(cy + 12 * s)}" r="${n(R * 1.02)}" fill="#000" opacity="0.35"/>
<circle cx="${wx}" cy="${cy}" r="${R}" fill="url(#rim)"/>
<circle cx="${wx}" cy="${cy}" r="${n(R * 0.92)}" fill="url(#bowl)"/>
${pockets}
<circle cx="${wx}" cy="${cy}" r="${n(R * 0.62)}" fill="#5b2108"/>
<circle cx="${wx}" cy="${cy}" r="${n(R * 0.5)}" fill="#7a3410"/>
${spokes}
<circle cx="${wx}" cy="${cy}" r="${n(R * 0.14)}" fill="url(#hub)"/>
<circle cx="${n(wx + R * 0.52)}" cy="${n(cy - R * 0.58)}" r="${n(9 * s)}" fill="#fff"/>
${chip(cx + 250 * s, cy + 150 * s, '#dc2626', 5)}
${chip(cx + 330 * s, cy + 110 * s, '#2563eb', 3)}
${chip(cx - 330 * s, cy + 170 * s, '#7c3aed', 4)}
${stars(rand, width, height, 24, '#fde68a')}`;
  return svg(cut, defs, body);
}

/* 4. Demo: three neon reels and a large play button, in teal and magenta. */
function demo(cut) {
  const { width, height, cx, cy, scale } = cut;
  const s = scale * 1.15;
  const rand = random(53);
  const rw = 120 * s;
  const rh = 220 * s;
  const gap = 22 * s;
  const left = cx - (rw * 3 + gap * 2) / 2;
  const symbols = [
    (x, y) =>
      `<path d="M${n(x)} ${n(y - 34 * s)}L${n(x + 30 * s)} ${n(y)}L${n(x)} ${n(y + 34 * s)}L${n(x - 30 * s)} ${n(y)}Z" fill="#67e8f9"/><path d="M${n(x)} ${n(y - 34 * s)}L${n(x + 30 * s)} ${n(y)}L${n(x)} ${n(y)}Z" fill="#cffafe"/>`,
    (x, y) =>
      `<circle cx="${n(x - 13 * s)}" cy="${n(y + 14 * s)}" r="${n(15 * s)}" fill="#f43f5e"/><circle cx="${n(x + 15 * s)}" cy="${n(y + 18 * s)}" r="${n(15 * s)}" fill="#e11d48"/><path d="M${n(x - 13 * s)} ${n(y)}Q${n(x - 4 * s)} ${n(y - 30 * s)} ${n(x + 14 * s)} ${n(y - 32 * s)}M${n(x + 15 * s)} ${n(y + 4 * s)}Q${n(x + 16 * s)} ${n(y - 18 * s)} ${n(x + 14 * s)} ${n(y - 32 * s)}" stroke="#4ade80" stroke-width="${n(4 * s)}" fill="none" stroke-linecap="round"/>`,
    (x, y) =>
      `<path d="M${n(x)} ${n(y - 34 * s)}L${n(x + 10 * s)} ${n(y - 10 * s)}L${n(x + 34 * s)} ${n(y - 8 * s)}L${n(x + 15 * s)} ${n(y + 8 * s)}L${n(x + 22 * s)} ${n(y + 32 * s)}L${n(x)} ${n(y + 18 * s)}L${n(x - 22 * s)} ${n(y + 32 * s)}L${n(x - 15 * s)} ${n(y + 8 * s)}L${n(x - 34 * s)} ${n(y - 8 * s)}L${n(x - 10 * s)} ${n(y - 10 * s)}Z" fill="#fde047"/>`,
    (x, y) =>
      `<path d="M${n(x - 26 * s)} ${n(y + 18 * s)}Q${n(x - 26 * s)} ${n(y - 30 * s)} ${n(x)} ${n(y - 30 * s)}Q${n(x + 26 * s)} ${n(y - 30 * s)} ${n(x + 26 * s)} ${n(y + 18 * s)}L${n(x + 32 * s)} ${n(y + 24 * s)}L${n(x - 32 * s)} ${n(y + 24 * s)}Z" fill="#f0abfc"/><circle cx="${n(x)}" cy="${n(y + 30 * s)}" r="${n(7 * s)}" fill="#f0abfc"/>`,
  ];
  let reels = '';
  for (let i = 0; i < 3; i += 1) {
    const x = left + i * (rw + gap);
    reels += `<rect x="${n(x)}" y="${n(cy - rh / 2)}" width="${n(rw)}" height="${n(rh)}" rx="${n(18 * s)}" fill="url(#reel)" stroke="#22d3ee" stroke-opacity="0.55" stroke-width="${n(2 * s)}"/>`;
    for (let j = 0; j < 3; j += 1) {
      // The middle row is a win: three stars on the line.
      const sym = j === 1 ? symbols[2] : symbols[(i + j * 2 + (j ? 0 : 1)) % symbols.length];
      const y = cy - rh / 2 + (j + 0.5) * (rh / 3);
      reels += `<g opacity="${j === 1 ? 1 : 0.4}">${sym(x + rw / 2, y)}</g>`;
    }
  }
  const px = cx + 0 * s;
  const py = cy;
  const defs = `
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#041b2d"/><stop offset="0.55" stop-color="#0b1f4a"/><stop offset="1" stop-color="#3b0a45"/></linearGradient>
<radialGradient id="glowA" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#22d3ee" stop-opacity="0.45"/><stop offset="1" stop-color="#22d3ee" stop-opacity="0"/></radialGradient>
<radialGradient id="glowB" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#e879f9" stop-opacity="0.4"/><stop offset="1" stop-color="#e879f9" stop-opacity="0"/></radialGradient>
<linearGradient id="reel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f172a" stop-opacity="0.9"/><stop offset="0.5" stop-color="#1e293b" stop-opacity="0.75"/><stop offset="1" stop-color="#0f172a" stop-opacity="0.9"/></linearGradient>
<linearGradient id="frame" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#22d3ee"/><stop offset="1" stop-color="#e879f9"/></linearGradient>
<radialGradient id="playDisc" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#86efac"/><stop offset="1" stop-color="#16a34a"/></radialGradient>
${textWash(cut, '#06122a')}`;
  let grid = '';
  for (let x = 0; x <= width; x += 80) grid += `<line x1="${x}" y1="0" x2="${x}" y2="${height}"/>`;
  for (let y = 0; y <= height; y += 80) grid += `<line x1="0" y1="${y}" x2="${width}" y2="${y}"/>`;
  const fw = rw * 3 + gap * 2 + 48 * s;
  const fh = rh + 48 * s;
  const body = `
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<g stroke="#67e8f9" stroke-opacity="0.06">${grid}</g>
<ellipse cx="${n(cx - 180 * s)}" cy="${n(cy - 60 * s)}" rx="${n(360 * s)}" ry="${n(260 * s)}" fill="url(#glowA)"/>
<ellipse cx="${n(cx + 220 * s)}" cy="${n(cy + 80 * s)}" rx="${n(340 * s)}" ry="${n(240 * s)}" fill="url(#glowB)"/>
${stars(rand, width, height, 50, '#a5f3fc')}
<rect x="${n(cx - fw / 2)}" y="${n(cy - fh / 2)}" width="${n(fw)}" height="${n(fh)}" rx="${n(30 * s)}" fill="#020617" fill-opacity="0.55" stroke="url(#frame)" stroke-width="${n(4 * s)}"/>
${reels}
<rect x="${n(cx - fw / 2 + 14 * s)}" y="${n(cy - rh / 6)}" width="${n(fw - 28 * s)}" height="${n(rh / 3)}" rx="${n(12 * s)}" fill="#fde047" fill-opacity="0.08" stroke="#fde047" stroke-opacity="0.55" stroke-width="${n(2 * s)}"/>
<circle cx="${n(px + fw / 2 + 10 * s)}" cy="${n(py + fh / 2 - 10 * s)}" r="${n(62 * s)}" fill="#22c55e" opacity="0.25"/>
<circle cx="${n(px + fw / 2 + 10 * s)}" cy="${n(py + fh / 2 - 10 * s)}" r="${n(50 * s)}" fill="url(#playDisc)"/>
<path d="M${n(px + fw / 2 - 4 * s)} ${n(py + fh / 2 - 34 * s)}L${n(px + fw / 2 + 32 * s)} ${n(py + fh / 2 - 10 * s)}L${n(px + fw / 2 - 4 * s)} ${n(py + fh / 2 + 14 * s)}Z" fill="#04130a"/>
${sparkle(cx - fw / 2 - 20 * s, cy - fh / 2 + 10 * s, 16 * s, '#a5f3fc')}
${sparkle(cx + fw / 2 - 30 * s, cy - fh / 2 - 18 * s, 11 * s, '#f0abfc')}`;
  return svg(cut, defs, body);
}

mkdirSync(out, { recursive: true });
for (const [name, draw] of Object.entries({ universe, welcome, tables, demo })) {
  for (const [cutName, cut] of Object.entries(cuts)) {
    writeFileSync(join(out, `${name}-${cutName}.svg`), draw(cut));
  }
}
console.log(`Banners written to ${out}`);
