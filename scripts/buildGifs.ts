/**
 * `npm run gifs`: draws the bundled GIFs of schemas/gifs.ts into public/gifs/ (Vite copies public/ into the built
 * app; the server serves it as static files). Deterministic: integer pixels from a fixed palette, no randomness but
 * a seeded generator, so the same code writes the same bytes. `--check` draws them in memory and fails when a file is
 * missing, stale or extra, or when one is too large (each under 40 KB, the set under 300 KB); check:generated runs it.
 *
 * Simple animated shapes and colours, no text. Each loop lasts about a second and plays three times, then stops on
 * its last frame: nothing moves for more than 5 seconds (WCAG 2.2.2 Pause, Stop, Hide).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as gifenc from 'gifenc';
import { bundledGifs, type BundledGifId } from '../schemas/gifs';

/** gifenc's ESM build names it; its CommonJS build (what Node loads) puts it under `default`. */
const fallback = gifenc.default;
const createEncoder = gifenc.GIFEncoder ?? (typeof fallback === 'function' ? fallback : fallback.GIFEncoder);

const root = path.resolve(import.meta.dirname, '..');
export const gifDir = path.join(root, 'public/gifs');
export const maxGifBytes = 40 * 1024;
export const maxSetBytes = 300 * 1024;

export const frameCount = 12;
const frameDelayMs = 100;
/** Two more times after the first: three loops, 3.6 s. */
const repeat = 2;

/** Sixteen flat colours; the index is what a drawing paints. */
export const palette = [
  [255, 255, 255], // 0 white
  [255, 244, 224], // 1 cream
  [230, 240, 255], // 2 light blue
  [255, 230, 239], // 3 light pink
  [230, 247, 236], // 4 light green
  [31, 42, 60], // 5 ink
  [229, 72, 77], // 6 red
  [245, 165, 36], // 7 orange
  [255, 212, 59], // 8 yellow
  [47, 158, 68], // 9 green
  [28, 126, 214], // 10 blue
  [112, 72, 232], // 11 purple
  [141, 90, 59], // 12 brown
  [173, 181, 189], // 13 grey
  [247, 131, 172], // 14 pink
  [18, 184, 134], // 15 teal
];
const c = {
  white: 0,
  cream: 1,
  lightBlue: 2,
  lightPink: 3,
  lightGreen: 4,
  ink: 5,
  red: 6,
  orange: 7,
  yellow: 8,
  green: 9,
  blue: 10,
  purple: 11,
  brown: 12,
  grey: 13,
  pink: 14,
  teal: 15,
} as const;

type Point = [number, number];

/** One frame's pixels (palette indices) and the shapes the drawings are made of. */
class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: number,
  ) {
    this.pixels = new Uint8Array(width * height).fill(background);
  }

  /** Paints every pixel whose centre passes `inside`, within the box. */
  private fill(
    box: [number, number, number, number],
    colour: number,
    inside: (x: number, y: number) => boolean,
  ) {
    const [x0, y0, x1, y1] = box;
    for (let y = Math.max(0, Math.floor(y0)); y <= Math.min(this.height - 1, Math.ceil(y1)); y += 1) {
      for (let x = Math.max(0, Math.floor(x0)); x <= Math.min(this.width - 1, Math.ceil(x1)); x += 1) {
        if (inside(x + 0.5, y + 0.5)) this.pixels[y * this.width + x] = colour;
      }
    }
  }

  rect(x: number, y: number, w: number, h: number, colour: number) {
    this.fill([x, y, x + w, y + h], colour, (px, py) => px >= x && px < x + w && py >= y && py < y + h);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, colour: number) {
    if (rx <= 0 || ry <= 0) return;
    this.fill([cx - rx, cy - ry, cx + rx, cy + ry], colour, (px, py) => {
      const dx = (px - cx) / rx;
      const dy = (py - cy) / ry;
      return dx * dx + dy * dy <= 1;
    });
  }

  circle(cx: number, cy: number, r: number, colour: number) {
    this.ellipse(cx, cy, r, r, colour);
  }

  ring(cx: number, cy: number, outer: number, inner: number, colour: number) {
    this.fill([cx - outer, cy - outer, cx + outer, cy + outer], colour, (px, py) => {
      const d = (px - cx) ** 2 + (py - cy) ** 2;
      return d <= outer * outer && d >= inner * inner;
    });
  }

  polygon(points: Point[], colour: number) {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    this.fill([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], colour, (px, py) => {
      let inside = false;
      for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
        const [xi, yi] = points[i] as Point;
        const [xj, yj] = points[j] as Point;
        if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    });
  }

  /** A thick segment with round ends. */
  line(a: Point, b: Point, thickness: number, colour: number) {
    const r = thickness / 2;
    const [ax, ay] = a;
    const [bx, by] = b;
    const length2 = (bx - ax) ** 2 + (by - ay) ** 2;
    this.fill(
      [Math.min(ax, bx) - r, Math.min(ay, by) - r, Math.max(ax, bx) + r, Math.max(ay, by) + r],
      colour,
      (px, py) => {
        const t =
          length2 === 0
            ? 0
            : Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length2));
        return (px - (ax + t * (bx - ax))) ** 2 + (py - (ay + t * (by - ay))) ** 2 <= r * r;
      },
    );
  }

  heart(cx: number, cy: number, scale: number, colour: number) {
    // (x² + y² − 1)³ − x²y³ ≤ 0, y up.
    this.fill([cx - 1.3 * scale, cy - 1.3 * scale, cx + 1.3 * scale, cy + 1.3 * scale], colour, (px, py) => {
      const x = (px - cx) / scale;
      const y = -(py - cy) / scale;
      return (x * x + y * y - 1) ** 3 - x * x * y * y * y <= 0;
    });
  }

  star(cx: number, cy: number, outer: number, inner: number, angle: number, colour: number) {
    const points: Point[] = [];
    for (let i = 0; i < 10; i += 1) {
      const r = i % 2 === 0 ? outer : inner;
      const a = angle - Math.PI / 2 + (i * Math.PI) / 5;
      points.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
    this.polygon(points, colour);
  }
}

/** A small seeded generator (mulberry32): the same confetti every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws frame `f` of `frameCount` (phase `t` = f / frameCount, from 0 to just under 1). */
type Drawing = { background: number; draw: (g: Canvas, t: number, f: number) => void };

const wave = (t: number) => Math.sin(t * 2 * Math.PI);
const rainbow = [c.red, c.orange, c.yellow, c.green, c.teal, c.blue, c.purple, c.pink];

const confetti = (() => {
  const random = seeded(20261122);
  return Array.from({ length: 26 }, () => ({
    x: 4 + random() * 88,
    y: random() * 96,
    speed: 1 + Math.floor(random() * 2),
    colour: rainbow[Math.floor(random() * rainbow.length)] ?? c.red,
    tall: random() < 0.5,
  }));
})();

export const drawings: Record<BundledGifId, Drawing> = {
  thanks: {
    background: c.lightPink,
    draw: (g, t) => {
      const scale = 30 + 5 * wave(t);
      g.heart(48, 50, scale + 3, c.white);
      g.heart(48, 50, scale, c.red);
      g.circle(36, 38, 4, c.white);
    },
  },
  'thumbs-up': {
    background: c.lightGreen,
    draw: (g, t) => {
      const lift = Math.round(6 * Math.abs(wave(t / 2)));
      g.ellipse(48, 84, 22 - lift, 4, c.grey);
      g.circle(48, 46 - lift, 32, c.green);
      g.polygon(
        [
          [48, 22 - lift],
          [68, 46 - lift],
          [56, 46 - lift],
          [56, 68 - lift],
          [40, 68 - lift],
          [40, 46 - lift],
          [28, 46 - lift],
        ],
        c.white,
      );
    },
  },
  'party-parrot': {
    background: c.cream,
    draw: (g, t, f) => {
      const body = rainbow[f % rainbow.length] ?? c.red;
      const wing = rainbow[(f + 3) % rainbow.length] ?? c.blue;
      const sway = 10 * wave(t);
      g.ellipse(48, 84, 26, 4, c.grey);
      g.ellipse(48, 60, 22, 24, body);
      g.circle(48 + sway, 34, 18, body);
      g.ellipse(40, 62, 10, 16, wing);
      g.polygon(
        [
          [62 + sway, 30],
          [76 + sway, 38],
          [62 + sway, 42],
        ],
        c.orange,
      );
      g.circle(54 + sway, 30, 5, c.white);
      g.circle(55 + sway, 30, 2.5, c.ink);
    },
  },
  coffee: {
    background: c.cream,
    draw: (g, t) => {
      for (let i = 0; i < 3; i += 1) {
        const phase = (t + i / 3) % 1;
        const y = 44 - phase * 32;
        const x = 36 + i * 10 + 3 * Math.sin((phase + i) * 2 * Math.PI);
        g.circle(x, y, 5 - 3 * phase, c.grey);
      }
      g.ellipse(46, 84, 34, 6, c.white);
      g.ring(70, 64, 12, 6, c.brown);
      g.rect(22, 48, 48, 34, c.brown);
      g.ellipse(46, 48, 24, 5, c.ink);
    },
  },
  party: {
    background: c.lightBlue,
    draw: (g, t) => {
      for (const bit of confetti) {
        const y = (bit.y + t * 96 * bit.speed) % 104;
        g.rect(bit.x, y - 8, bit.tall ? 4 : 7, bit.tall ? 8 : 4, bit.colour);
      }
      g.polygon(
        [
          [18, 90],
          [40, 40],
          [60, 72],
        ],
        c.purple,
      );
      g.circle(40, 40, 5 + 2 * Math.abs(wave(t)), c.yellow);
    },
  },
  rent: {
    background: c.lightBlue,
    draw: (g, t, f) => {
      const smoke = (t * 2) % 1;
      g.circle(68, 22 - smoke * 16, 4 + 3 * smoke, c.grey);
      g.rect(62, 20, 10, 22, c.brown);
      g.polygon(
        [
          [14, 50],
          [48, 18],
          [82, 50],
        ],
        c.red,
      );
      g.rect(22, 48, 52, 38, c.white);
      g.rect(42, 62, 14, 24, c.brown);
      g.circle(53, 75, 1.5, c.yellow);
      g.rect(28, 56, 10, 10, f % 4 < 2 ? c.yellow : c.blue);
      g.rect(62, 56, 8, 10, f % 4 < 2 ? c.blue : c.yellow);
    },
  },
  'invoice-paid': {
    background: c.lightGreen,
    draw: (g, t) => {
      g.rect(22, 10, 46, 64, c.white);
      for (let i = 0; i < 5; i += 1) g.rect(28, 18 + i * 10, i % 2 === 0 ? 34 : 24, 4, c.grey);
      const grow = Math.min(1, t * 2.2);
      g.circle(64, 68, 22 * grow, c.green);
      if (grow > 0.6) {
        g.line([54, 68], [61, 76], 5, c.white);
        g.line([61, 76], [75, 60], 5, c.white);
      }
    },
  },
  lunch: {
    background: c.cream,
    draw: (g, t) => {
      g.circle(48, 50, 40, c.white);
      g.ring(48, 50, 40, 37, c.grey);
      g.circle(48, 50, 30, c.orange);
      g.circle(48, 50, 26, c.yellow);
      const turn = t * (Math.PI / 3);
      for (let i = 0; i < 6; i += 1) {
        const a = turn + (i * Math.PI) / 3;
        g.circle(48 + 16 * Math.cos(a), 50 + 16 * Math.sin(a), 4.5, c.red);
        g.line(
          [48, 50],
          [48 + 30 * Math.cos(a + Math.PI / 6), 50 + 30 * Math.sin(a + Math.PI / 6)],
          1.5,
          c.orange,
        );
      }
      g.circle(48, 50, 4, c.green);
    },
  },
  birthday: {
    background: c.lightPink,
    draw: (g, t, f) => {
      g.ellipse(48, 86, 38, 5, c.white);
      g.rect(18, 56, 60, 28, c.brown);
      g.rect(18, 52, 60, 10, c.pink);
      for (let i = 0; i < 5; i += 1) g.circle(24 + i * 12, 62, 4, c.pink);
      for (let i = 0; i < 4; i += 1) g.circle(30 + i * 12, 72, 2, rainbow[(i + f) % rainbow.length] ?? c.red);
      g.rect(45, 30, 6, 22, c.blue);
      const flicker = 1 + 0.25 * wave(t * 3);
      g.ellipse(48, 22, 5, 9 * flicker, c.orange);
      g.ellipse(48, 24, 2.5, 5 * flicker, c.yellow);
    },
  },
  'high-five': {
    background: c.lightBlue,
    draw: (g, t) => {
      const meet = Math.abs(wave(t / 2));
      const gap = 12 * (1 - meet);
      /** An open hand, fingers up, thumb towards the middle (`side` -1: the left hand). */
      const hand = (cx: number, side: -1 | 1, colour: number) => {
        for (let i = 0; i < 4; i += 1) {
          const x = cx - 9 + i * 6;
          g.line([x, 44], [x, 26 + (i === 1 || i === 2 ? 0 : 5)], 6, colour);
        }
        g.line([cx - side * 12, 62], [cx - side * 20, 46], 6, colour);
        g.rect(cx - 12, 42, 24, 26, colour);
        g.circle(cx, 66, 12, colour);
        g.rect(cx - 8, 74, 16, 16, colour);
      };
      hand(28 - gap, -1, c.orange);
      hand(68 + gap, 1, c.teal);
      if (meet > 0.8) g.star(48, 16, 12, 5, 0, c.yellow);
    },
  },
  money: {
    background: c.lightGreen,
    draw: (g, _t, f) => {
      const coins = Math.min(6, Math.floor(f / 2) + 1);
      for (let i = 0; i < coins; i += 1) {
        const y = 80 - i * 9;
        g.ellipse(38, y + 2, 20, 6, c.orange);
        g.ellipse(38, y, 20, 6, c.yellow);
      }
      g.rect(62, 42, 24, 40, c.green);
      g.rect(66, 46, 16, 32, c.lightGreen);
      g.circle(74, 62, 5, c.green);
    },
  },
  star: {
    background: c.lightBlue,
    draw: (g, t, f) => {
      const scale = 1 + 0.12 * wave(t);
      g.star(48, 50, 38 * scale, 16 * scale, t * ((2 * Math.PI) / 5), c.orange);
      g.star(48, 50, 32 * scale, 13 * scale, t * ((2 * Math.PI) / 5), c.yellow);
      const sparkles: Point[] = [
        [14, 16],
        [82, 20],
        [80, 82],
        [16, 78],
      ];
      sparkles.forEach(([x, y], i) => {
        if ((f + i * 3) % 6 < 3) g.star(x, y, 6, 2, 0, c.white);
      });
    },
  },
};

/** Frame `f` of a bundled GIF as palette indices, row by row. */
export function framePixels(
  id: BundledGifId,
  f: number,
): { pixels: Uint8Array; width: number; height: number } {
  const entry = bundledGifs.find((gif) => gif.id === id);
  if (!entry) throw new Error(`No bundled GIF ${id}`);
  const drawing = drawings[id];
  const canvas = new Canvas(entry.width, entry.height, drawing.background);
  drawing.draw(canvas, f / frameCount, f);
  return { pixels: canvas.pixels, width: entry.width, height: entry.height };
}

/** The GIF file for one bundled entry. */
export function encodeGif(id: BundledGifId): Uint8Array {
  if (!createEncoder) throw new Error('gifenc has no GIFEncoder');
  const encoder = createEncoder();
  for (let f = 0; f < frameCount; f += 1) {
    const { pixels, width, height } = framePixels(id, f);
    encoder.writeFrame(pixels, width, height, {
      ...(f === 0 ? { palette, repeat } : {}),
      delay: frameDelayMs,
    });
  }
  encoder.finish();
  return encoder.bytes();
}

function main() {
  const check = process.argv.includes('--check');
  const problems: string[] = [];
  let total = 0;
  const expected = new Set<string>();
  if (!check) mkdirSync(gifDir, { recursive: true });
  for (const entry of bundledGifs) {
    const bytes = encodeGif(entry.id);
    const file = path.join(gifDir, entry.file);
    expected.add(entry.file);
    total += bytes.length;
    if (bytes.length > maxGifBytes)
      problems.push(`${entry.file} is ${bytes.length} bytes (max ${maxGifBytes})`);
    if (check) {
      const current = existsSync(file) ? readFileSync(file) : null;
      if (!current || !Buffer.from(bytes).equals(current))
        problems.push(`public/gifs/${entry.file} is stale`);
    } else {
      writeFileSync(file, bytes);
    }
  }
  if (total > maxSetBytes) problems.push(`the set is ${total} bytes (max ${maxSetBytes})`);
  if (existsSync(gifDir)) {
    for (const name of readdirSync(gifDir)) {
      if (!expected.has(name)) problems.push(`public/gifs/${name} is not in schemas/gifs.ts`);
    }
  }
  if (problems.length > 0) {
    console.error(`Bundled GIFs: ${problems.join('; ')}. Run \`npm run gifs\`.`);
    process.exit(1);
  }
  console.log(
    check
      ? `Bundled GIFs are fresh (${bundledGifs.length}, ${total} bytes).`
      : `Wrote ${bundledGifs.length} GIFs to public/gifs (${total} bytes).`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
