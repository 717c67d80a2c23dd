// Draws the sample "food photos" in public/photos: flat-lay illustrations of dishes on a
// table (800x600, simple shapes and gradients, no text, no scripts, no external references,
// each file under 6 KB). Deterministic: every run writes byte-identical files.
// data/sample-data.mjs refers to these files by name.
//
//   node scripts/generate-photos.mjs
import { mkdirSync, readdirSync, unlinkSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const OUT_DIR = fileURLToPath(new URL("../public/photos/", import.meta.url));
const CX = 400;
const CY = 300;

// ---------------------------------------------------------------- random numbers

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeRandom(seed) {
  const next = mulberry32(seed);
  const range = (a, b) => a + (b - a) * next();
  return {
    range,
    pick: (list) => list[Math.floor(next() * list.length)],
    /** Up to `count` points inside a disc, at least `gap` apart (rejection sampling). */
    scatter(count, cx, cy, radius, gap) {
      const points = [];
      for (
        let tries = 0;
        points.length < count && tries < count * 80;
        tries++
      ) {
        const angle = range(0, Math.PI * 2);
        const dist = Math.sqrt(range(0, 1)) * radius;
        const x = Math.round(cx + Math.cos(angle) * dist);
        const y = Math.round(cy + Math.sin(angle) * dist);
        if (points.every((p) => Math.hypot(p.x - x, p.y - y) >= gap))
          points.push({ x, y });
      }
      return points;
    },
  };
}

// ---------------------------------------------------------------- compact SVG helpers

/** Short numbers keep the files small: whole pixels for coordinates, two decimals below 1. */
function num(v) {
  const a = Math.abs(v);
  if (a >= 20 || Number.isInteger(v)) return String(Math.round(v));
  if (a >= 1) return String(Math.round(v * 10) / 10);
  return String(Math.round(v * 100) / 100).replace(/^(-?)0\./, "$1.");
}

function attrs(o) {
  return Object.entries(o)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => ` ${k}="${typeof v === "number" ? num(v) : v}"`)
    .join("");
}
const el = (tag, o, inner) =>
  inner === undefined
    ? `<${tag}${attrs(o)}/>`
    : `<${tag}${attrs(o)}>${inner}</${tag}>`;
/** A group carrying the shared style of its children (so they need not repeat it). */
const g = (o, inner) => (inner ? el("g", o, inner) : "");
const rot = (deg, x, y) =>
  deg ? `rotate(${num(deg)} ${num(x)} ${num(y)})` : undefined;
const circle = (cx, cy, r, fill, o = {}) =>
  el("circle", { cx, cy, r, fill, ...o });
const ellipse = (cx, cy, rx, ry, fill, o = {}) =>
  el("ellipse", { cx, cy, rx, ry, fill, ...o });
const rect = (cx, cy, w, h, rx, fill, o = {}) =>
  el("rect", {
    x: cx - w / 2,
    y: cy - h / 2,
    width: w,
    height: h,
    rx,
    fill,
    ...o,
  });
const path = (d, fill, o = {}) => el("path", { d, fill, ...o });
const line = (d, color, width, o = {}) =>
  el("path", { d, fill: "none", stroke: color, "stroke-width": width, ...o });

const pt = (x, y) => `${num(x)} ${num(y)}`;
/** A w x h rectangle centred on (cx, cy) turned by deg, as a bare path outline. */
function quad(cx, cy, w, h, deg) {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const corner = (dx, dy) => pt(cx + dx * c - dy * s, cy + dx * s + dy * c);
  return `M${corner(-w / 2, -h / 2)}L${corner(w / 2, -h / 2)}L${corner(
    w / 2,
    h / 2
  )}L${corner(-w / 2, h / 2)}Z`;
}
/** A pointed leaf (or any lens shape) of the given length and width, turned by deg. */
function lens(cx, cy, length, width, deg) {
  const a = (deg * Math.PI) / 180;
  const ux = Math.cos(a) * (length / 2);
  const uy = Math.sin(a) * (length / 2);
  const vx = -Math.sin(a) * width;
  const vy = Math.cos(a) * width;
  return `M${pt(cx - ux, cy - uy)}Q${pt(cx + vx, cy + vy)} ${pt(
    cx + ux,
    cy + uy
  )}Q${pt(cx - vx, cy - vy)} ${pt(cx - ux, cy - uy)}Z`;
}
const bare = (d) => el("path", { d });

function stops(list) {
  return list
    .map(([offset, color, opacity]) =>
      el("stop", { offset, "stop-color": color, "stop-opacity": opacity })
    )
    .join("");
}
// SVG's defaults are x1=0 y1=0 x2=100% y2=0: only what differs is written.
const linear = (id, list, x2 = 0, y2 = 1) =>
  el(
    "linearGradient",
    { id, x2: x2 === 1 ? undefined : x2, y2: y2 === 0 ? undefined : y2 },
    stops(list)
  );
const radial = (id, list, cx, cy, r) =>
  el("radialGradient", { id, cx, cy, r }, stops(list));

function arc(cx, cy, r, fromDeg, toDeg) {
  const a0 = (fromDeg * Math.PI) / 180;
  const a1 = (toDeg * Math.PI) / 180;
  return `M${pt(cx + r * Math.cos(a0), cy + r * Math.sin(a0))}A${num(r)} ${num(
    r
  )} 0 0 1 ${pt(cx + r * Math.cos(a1), cy + r * Math.sin(a1))}`;
}

/** A wavy open line through (x, y): noodles, drizzles, seaweed. */
function squiggle(R, x, y, length, amplitude, deg) {
  const steps = 4;
  const a = (deg * Math.PI) / 180;
  const ux = Math.cos(a);
  const uy = Math.sin(a);
  let d = `M${pt(x - (ux * length) / 2, y - (uy * length) / 2)}`;
  for (let i = 1; i <= steps; i++) {
    const t = -0.5 + i / steps;
    const tm = t - 0.5 / steps;
    const side = (i % 2 ? 1 : -1) * amplitude * R.range(0.7, 1.3);
    d += `Q${pt(
      x + ux * tm * length - uy * side,
      y + uy * tm * length + ux * side
    )} ${pt(x + ux * t * length, y + uy * t * length)}`;
  }
  return d;
}

function spiral(cx, cy, r, turns) {
  const steps = Math.round(turns * 8);
  let d = "";
  for (let i = 0; i <= steps; i++) {
    const a = (i / 8) * Math.PI * 2;
    const rr = (r * i) / steps;
    d += `${i ? "L" : "M"}${pt(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr)}`;
  }
  return d;
}

/** Shapes of one fill scattered in a disc. */
function sprinkle(R, fill, count, cx, cy, radius, gap, shape) {
  return g(
    { fill },
    R.scatter(count, cx, cy, radius, gap)
      .map((p) => shape(p.x, p.y))
      .join("")
  );
}
const leaves = (R, fill, count, cx, cy, radius, gap, length) =>
  g(
    { fill },
    R.scatter(count, cx, cy, radius, gap)
      .map((p) =>
        bare(
          lens(
            p.x,
            p.y,
            length * R.range(0.8, 1.2),
            length * 0.38,
            R.range(0, 180)
          )
        )
      )
      .join("")
  );

// ---------------------------------------------------------------- the table and its props

function table(p) {
  const defs = linear(
    "bg",
    [
      [0, p.bg[0]],
      [1, p.bg[1]],
    ],
    1,
    1
  );
  const base = el("rect", { width: 800, height: 600, fill: "url(#bg)" });
  const cover = base.replace("url(#bg)", "url(#tx)");
  switch (p.table) {
    case "wood":
      return {
        defs,
        body:
          base +
          g(
            { fill: "none", stroke: "#4a2a12" },
            [
              line("M0 110H800M0 230H800M0 350H800M0 470H800", undefined, 3, {
                opacity: 0.3,
              }),
              line(
                "M0 50C200 64 520 34 800 44M0 170C200 184 520 154 800 178M0 290C200 304 520 274 800 284M0 410C200 424 520 394 800 418",
                undefined,
                2,
                { opacity: 0.15 }
              ),
            ].join("")
          ),
      };
    case "linen":
      return {
        defs:
          defs +
          el(
            "pattern",
            {
              id: "tx",
              width: 26,
              height: 26,
              patternUnits: "userSpaceOnUse",
              patternTransform: "rotate(35)",
            },
            el("rect", { width: 9, height: 26, fill: "#fff", opacity: 0.13 })
          ),
        body: base + cover,
      };
    case "tile":
      return {
        defs:
          defs +
          el(
            "pattern",
            {
              id: "tx",
              width: 150,
              height: 150,
              patternUnits: "userSpaceOnUse",
            },
            el("rect", {
              x: 2,
              y: 2,
              width: 146,
              height: 146,
              rx: 6,
              fill: "none",
              stroke: "#fff",
              "stroke-width": 4,
              opacity: 0.28,
            }) +
              el("rect", {
                x: 8,
                y: 8,
                width: 66,
                height: 66,
                rx: 4,
                fill: "#fff",
                opacity: 0.06,
              })
          ),
        body: base + cover,
      };
    default:
      return {
        defs:
          defs +
          el(
            "pattern",
            { id: "tx", width: 40, height: 40, patternUnits: "userSpaceOnUse" },
            circle(20, 20, 3.5, "#fff", { opacity: 0.22 })
          ),
        body: base + cover,
      };
  }
}

function napkin(color) {
  return g(
    { transform: "rotate(-9 100 430)" },
    rect(100, 430, 150, 230, 6, color) +
      line("M40 340V520M52 340V520", "#fff", 3, { opacity: 0.45 }) +
      line("M100 316V544", "#000", 2, { opacity: 0.08 })
  );
}

function sprig(x, y) {
  let d = "";
  for (let i = 0; i < 5; i++) {
    const t = i / 4;
    d += lens(
      x - 36 + t * 78,
      y + 26 - t * 50 + (i % 2 ? -12 : 12),
      34,
      12,
      i % 2 ? -60 : 20
    );
  }
  return (
    line(`M${x - 40} ${y + 30}Q${x} ${y} ${x + 46} ${y - 26}`, "#4d7a2a", 3) +
    path(d, "#5a9432")
  );
}

const UTENSILS = {
  fork: () =>
    g(
      { fill: "url(#mt)" },
      rect(702, 370, 16, 210, 8) +
        rect(702, 250, 44, 30, 10) +
        bare(
          "M682 170h6v70h-6zM693 170h6v70h-6zM704 170h6v70h-6zM715 170h6v70h-6z"
        ) +
        rect(752, 360, 18, 190, 9) +
        bare("M744 270V120Q768 150 762 270Z")
    ),
  spoon: () =>
    g(
      { fill: "url(#mt)" },
      rect(716, 380, 18, 220, 9) + ellipse(716, 225, 34, 50)
    ) + ellipse(712, 220, 20, 32, "#fff", { opacity: 0.35 }),
  chopsticks: () =>
    path("M690 80h10l12 460h-12z", "#c98c4f") +
    path("M722 84l10-2 24 456-12 2z", "#b87a3e") +
    rect(722, 480, 90, 22, 11, "#8a5a3a"),
};

// ---------------------------------------------------------------- plates and bowls

function plate(v, r = 215) {
  return {
    defs: radial("pl", [
      [0, v.plate[0]],
      [0.72, v.plate[0]],
      [0.78, v.plate[1]],
      [1, v.plate[0]],
    ]),
    body:
      circle(CX, CY, r, "url(#pl)", {
        stroke: "#000",
        "stroke-opacity": 0.1,
        "stroke-width": 2,
      }) + line(arc(CX, CY, r - 12, 195, 250), "#fff", 7, { opacity: 0.7 }),
  };
}

function bowl(outer, inner, r = 215) {
  return {
    defs: radial(
      "bw",
      [
        [0, inner],
        [0.85, inner],
        [1, outer],
      ],
      0.45,
      0.4,
      0.6
    ),
    body:
      circle(CX, CY, r, outer) +
      circle(CX, CY, r - 16, "url(#bw)") +
      line(arc(CX, CY, r - 7, 190, 255), "#fff", 6, { opacity: 0.45 }),
  };
}

// ---------------------------------------------------------------- dishes
// Each returns { defs, body, utensil } for a dish centred on (CX, CY); v.alt picks the
// second topping set.

const DISHES = {
  salad(R, v) {
    const base = plate(v);
    let body = base.body;
    for (const fill of ["#3d7a2b", "#4f9d3a", "#6ab04c", "#8cc152"])
      body += leaves(R, fill, 6, CX, CY, 140, 30, 76);
    body += v.alt
      ? sprinkle(R, "#f2c14e", 6, CX, CY, 120, 60, (x, y) =>
          ellipse(x, y, 22, 16)
        )
      : sprinkle(R, "url(#tm)", 6, CX, CY, 120, 60, (x, y) => circle(x, y, 17));
    body += g(
      { fill: "#d8edb4", stroke: "#3f8f3a", "stroke-width": 4 },
      R.scatter(5, CX, CY, 130, 50)
        .map((p) => circle(p.x, p.y, 19))
        .join("")
    );
    body += sprinkle(R, "#e0ad62", 7, CX, CY, 120, 24, (x, y) =>
      bare(quad(x, y, 16, 14, R.range(0, 90)))
    );
    return {
      defs:
        base.defs +
        radial(
          "tm",
          [
            [0, "#ff7a5c"],
            [1, "#c62f1f"],
          ],
          0.4,
          0.35,
          0.7
        ),
      body,
      utensil: "fork",
    };
  },

  pizza(R, v) {
    let body = circle(CX, CY, 222, "url(#bd)", {
      stroke: "#7a4a22",
      "stroke-width": 3,
      "stroke-opacity": 0.4,
    });
    body +=
      circle(CX, CY, 192, "url(#cr)") +
      circle(CX, CY, 166, v.alt ? "#d8a440" : "#c8412b");
    body += g(
      { fill: "#f6dc8f", opacity: 0.9 },
      R.scatter(14, CX, CY, 130, 40)
        .map((p) => circle(p.x, p.y, Math.round(R.range(26, 40))))
        .join("")
    );
    if (v.alt) {
      body += sprinkle(R, "#d9c2a0", 9, CX, CY, 140, 45, (x, y) =>
        bare(`M${x - 18} ${y}a18 16 0 0 1 36 0h-13v12h-10v-12z`)
      );
      body += g(
        { fill: "none", stroke: "#2b2622", "stroke-width": 6 },
        R.scatter(8, CX, CY, 145, 40)
          .map((p) => circle(p.x, p.y, 9))
          .join("")
      );
    } else {
      body += g(
        { fill: "#e04a36", stroke: "#b7311f", "stroke-width": 3 },
        R.scatter(7, CX, CY, 135, 60)
          .map((p) => circle(p.x, p.y, 22))
          .join("")
      );
      body += leaves(R, "#3f8a2e", 7, CX, CY, 140, 50, 40);
    }
    body += line(
      "M210 300H590M400 110V490M266 166L534 434M266 434L534 166",
      "#8a4a1e",
      3,
      { opacity: 0.35 }
    );
    return {
      defs:
        radial(
          "bd",
          [
            [0, "#d9a15f"],
            [1, "#b07236"],
          ],
          0.45,
          0.4,
          0.6
        ) +
        radial("cr", [
          [0.8, "#f0c066"],
          [1, "#c98432"],
        ]),
      body,
      utensil: null,
    };
  },

  tacos(R, v) {
    const base = plate(v);
    let body = base.body;
    [
      [220, -8],
      [302, 4],
      [386, -4],
    ].forEach(([y, deg]) => {
      let t =
        ellipse(CX, y, 160, 50, "url(#tt)") +
        ellipse(CX, y, 136, 26, v.alt ? "#3a2b2b" : "#8a4f2b");
      let greens = "";
      for (let i = 0; i < 9; i++)
        greens += lens(
          CX - 110 + i * 27,
          y - 8 + R.range(-6, 6),
          30,
          9,
          R.range(-30, 30)
        );
      t += path(greens, "#6cb545");
      let red = "";
      let white = "";
      for (let i = 0; i < 8; i++) {
        const d = quad(
          CX - 100 + i * 28 + R.range(-6, 6),
          y + 6 + R.range(-6, 6),
          11,
          11,
          R.range(0, 45)
        );
        if (i % 2) red += d;
        else white += d;
      }
      t += path(red, "#e4402f") + path(white, "#f3efe2");
      t += line(
        `M${CX - 110} ${y + 6}` +
          Array.from(
            { length: 9 },
            (_, i) => `L${CX - 86 + i * 24} ${y + (i % 2 ? 6 : -8)}`
          ).join(""),
        v.alt ? "#f6c24a" : "#fffaf0",
        5
      );
      body += g({ transform: rot(deg, CX, y) }, t);
    });
    body +=
      path("M520 470a44 44 0 0 1 80 0z", "#6cae3a") +
      path("M530 468a34 34 0 0 1 60 0z", "#c6e58a");
    return {
      defs:
        base.defs +
        radial("tt", [
          [0.6, "#f2d48e"],
          [1, "#d7a24e"],
        ]),
      body,
      utensil: "fork",
    };
  },

  sushi(R, v) {
    let body = g(
      { transform: "rotate(-6 400 300)" },
      rect(CX + 8, CY + 12, 540, 310, 18, "#000", { opacity: 0.2 }) +
        rect(CX, CY, 540, 310, 18, v.alt ? "#c9925a" : "#3b3431") +
        (v.alt
          ? line(
              "M140 190H660M140 260H660M140 330H660M140 400H660",
              "#8a5a2e",
              2,
              { opacity: 0.3 }
            )
          : "")
    );
    const fills = v.alt
      ? ["#f08a5d", "#f5c542", "#8fbf4a"]
      : ["#8fbf4a", "#f08a5d", "#e85d5d"];
    const rolls = [
      [210, 230],
      [290, 230],
      [370, 230],
      [210, 310],
      [290, 310],
      [370, 310],
    ];
    body += g(
      { fill: "#1f2a22" },
      rolls.map(([x, y]) => circle(x, y, 36)).join("")
    );
    body += g(
      { fill: "#f8f5ee" },
      rolls.map(([x, y]) => circle(x, y, 29)).join("")
    );
    body += rolls.map(([x, y], i) => circle(x, y, 11, fills[i % 3])).join("");
    body += g(
      { fill: "#fff", opacity: 0.35 },
      rolls.map(([x, y]) => circle(x - 4, y - 3, 4)).join("")
    );
    let stripes = "";
    [190, 260, 330].forEach((y, i) => {
      body += g(
        { transform: `rotate(-6 520 ${y})` },
        rect(520, y + 6, 120, 46, 22, "#f8f5ee") +
          rect(
            520,
            y - 4,
            132,
            44,
            18,
            i === 1 && !v.alt ? "url(#tg)" : "url(#sa)"
          )
      );
      for (let k = 0; k < 4; k++)
        stripes += `M${476 + k * 26} ${y - 16 - k * 3}q8 14 2 30`;
    });
    body += line(stripes, "#fff", 3, { opacity: 0.5 });
    body +=
      path("M250 400q30-30 60 0q-10 22-30 20q-20 2-30-20z", "#8fc04a") +
      path(lens(356, 406, 64, 14, -10) + lens(372, 396, 56, 12, 15), "#f5b8ae");
    return {
      defs:
        linear(
          "sa",
          [
            [0, "#ff9b6a"],
            [1, "#ef6f45"],
          ],
          1,
          0
        ) +
        linear(
          "tg",
          [
            [0, "#e05b5b"],
            [1, "#b8323c"],
          ],
          1,
          0
        ),
      body,
      utensil: "chopsticks",
      shadow: false,
    };
  },

  ramen(R, v) {
    const base = bowl(
      v.alt ? "#2c2a2a" : "#b8432f",
      v.alt ? "#f6e7c8" : "#f1d9b0"
    );
    let body = base.body + circle(CX, CY, 182, "url(#br)");
    let noodles = "";
    for (let i = 0; i < 12; i++)
      noodles += squiggle(
        R,
        CX - 60 + R.range(-50, 50),
        CY + 30 + R.range(-60, 60),
        170,
        16,
        R.range(-30, 30)
      );
    body += line(noodles, "#f7dc8e", 7);
    body +=
      g(
        { fill: "#fdfaf2" },
        ellipse(320, 205, 40, 32) + ellipse(395, 185, 40, 32)
      ) + g({ fill: "#f39c1f" }, circle(322, 206, 17) + circle(393, 187, 17));
    body +=
      path(quad(500, 230, 62, 120, 15), "#1d2a21") +
      path(quad(520, 250, 62, 120, 25), "#243528");
    body += v.alt
      ? sprinkle(R, "#f4ecd6", 6, 470, 360, 50, 28, (x, y) =>
          bare(quad(x, y, 26, 26, R.range(0, 40)))
        )
      : sprinkle(R, "#f7cf3d", 14, 470, 370, 45, 14, (x, y) => circle(x, y, 7));
    body += g(
      { fill: "none", stroke: "#6cbf45", "stroke-width": 3 },
      R.scatter(16, CX, CY, 150, 18)
        .map((p) => circle(p.x, p.y, 6))
        .join("")
    );
    return {
      defs:
        base.defs +
        radial("br", [
          [0, v.alt ? "#f0c68a" : "#f3b96b"],
          [1, v.alt ? "#c98e4b" : "#c96d2a"],
        ]),
      body,
      utensil: "chopsticks",
    };
  },

  pasta(R, v) {
    const base = plate(v);
    let body = base.body + circle(CX, CY, 150, "#000", { opacity: 0.04 });
    let strands = ["", ""];
    for (let i = 0; i < 16; i++) {
      const rx = R.range(60, 135);
      const ry = R.range(40, 90);
      const x = CX + R.range(-25, 25);
      const y = CY + R.range(-25, 25);
      const deg = R.range(-50, 50);
      const a = (deg * Math.PI) / 180;
      const ex = Math.cos(a) * rx;
      const ey = Math.sin(a) * rx;
      strands[i % 2] += `M${pt(x - ex, y - ey)}A${num(rx)} ${num(ry)} ${num(
        deg
      )} 1 1 ${pt(x + ex, y + ey)}A${num(rx)} ${num(ry)} ${num(deg)} 1 1 ${pt(
        x - ex,
        y - ey
      )}`;
    }
    body += line(strands[0], "#f3d27f", 6) + line(strands[1], "#e8bf62", 6);
    body +=
      circle(CX, CY, 72, v.alt ? "#5f9a36" : "#c7372f") +
      circle(CX - 16, CY - 14, 40, v.alt ? "#77b447" : "#dd4d3a");
    body += sprinkle(
      R,
      v.alt ? "#f5ecd0" : "#a5231e",
      10,
      CX,
      CY,
      60,
      14,
      (x, y) => circle(x, y, 5)
    );
    body += leaves(R, "#2f7a2c", 4, CX, CY - 10, 40, 30, 44);
    body += sprinkle(R, "#fffbe8", 22, CX, CY, 150, 12, (x, y) =>
      bare(quad(x, y, 7, 4, R.range(0, 180)))
    );
    return { defs: base.defs, body, utensil: "fork" };
  },

  curry(R, v) {
    const base = plate(v);
    let body =
      base.body + circle(350, 330, 130, v.alt ? "url(#gc)" : "url(#yc)");
    const colours = v.alt
      ? ["#f3e3b5", "#8dbb4a", "#e0b04c"]
      : ["#f3d27a", "#e8742c", "#f0e1b8"];
    const chunks = R.scatter(9, 345, 335, 95, 30);
    colours.forEach(
      (c, k) =>
        (body += path(
          chunks
            .filter((_, i) => i % 3 === k)
            .map((p) => quad(p.x, p.y, 26, 24, R.range(0, 60)))
            .join(""),
          c
        ))
    );
    body += sprinkle(R, "#e2bb6c", 6, 350, 330, 100, 26, (x, y) =>
      circle(x, y, 9)
    );
    body += line(spiral(350, 330, 60, 2.2), "#fff8ea", 5, { opacity: 0.8 });
    body += circle(485, 235, 86, "#fbfaf5") + circle(470, 222, 60, "#fff");
    body += sprinkle(R, "#e8e4d8", 14, 485, 235, 70, 12, (x, y) =>
      bare(lens(x, y, 14, 3, R.range(0, 180)))
    );
    body += leaves(R, "#3f8f2f", 7, 360, 320, 120, 30, 24);
    return {
      defs:
        base.defs +
        radial("yc", [
          [0, "#f4b13c"],
          [1, "#d4701c"],
        ]) +
        radial("gc", [
          [0, "#c3cc63"],
          [1, "#8c9a38"],
        ]),
      body,
      utensil: "spoon",
    };
  },

  burger(R, v) {
    const base = plate(v);
    let body =
      base.body +
      circle(360, 300, 122, "#5fa83f") +
      circle(362, 304, 114, v.alt ? "#6b4a2b" : "#e0402f");
    body += circle(358, 296, 108, "url(#bn)");
    body += sprinkle(R, "#fff7e0", 18, 350, 285, 80, 22, (x, y) =>
      bare(lens(x, y, 12, 3, R.range(0, 180)))
    );
    let fries = "";
    for (let i = 0; i < 13; i++)
      fries += quad(
        510 + R.range(-40, 40),
        300 + R.range(-90, 90),
        18,
        120,
        R.range(-40, 40)
      );
    body += path(fries, "#f4c24f", { stroke: "#d9992b", "stroke-width": 2 });
    body +=
      circle(470, 455, 42, "#fff", { stroke: "#ddd", "stroke-width": 2 }) +
      circle(470, 455, 32, v.alt ? "#f1c232" : "#c8281e");
    return {
      defs:
        base.defs +
        radial(
          "bn",
          [
            [0, "#f6c46e"],
            [0.7, "#d98c3a"],
            [1, "#a85c1f"],
          ],
          0.42,
          0.38,
          0.65
        ),
      body,
      utensil: "fork",
    };
  },

  "smoothie-bowl"(R, v) {
    const base = bowl("#efe6d8", "#faf6ef");
    let body = base.body + circle(CX, CY, 182, "url(#sm)");
    const banana = [0, 1, 2, 3, 4].map((i) => [330, 160 + i * 55]);
    body += g(
      { fill: "#f8eab0", stroke: "#eedc8c", "stroke-width": 2 },
      banana.map(([x, y]) => circle(x, y, 22)).join("")
    );
    body += g(
      { fill: "#b59a5a" },
      banana.map(([x, y]) => circle(x, y, 3)).join("")
    );
    body += sprinkle(R, "#3d3f91", 10, 400, 300, 70, 22, (x, y) =>
      circle(x, y, 10)
    );
    body += g(
      { fill: "#e2372f" },
      [0, 1, 2, 3].map((i) => ellipse(460, 175 + i * 58, 20, 26)).join("")
    );
    body += g(
      { fill: "#4f9d3a" },
      [0, 1, 2, 3].map((i) => circle(460, 152 + i * 58, 6)).join("")
    );
    body += sprinkle(R, "#c8883a", 16, 515, 300, 50, 12, (x, y) =>
      bare(lens(x, y, 14, 5, R.range(0, 180)))
    );
    body += sprinkle(R, "#fffdf5", 10, CX, 420, 40, 14, (x, y) =>
      bare(lens(x, y, 20, 3, R.range(0, 180)))
    );
    return {
      defs:
        base.defs +
        radial(
          "sm",
          v.alt
            ? [
                [0, "#f3709b"],
                [1, "#c93b6e"],
              ]
            : [
                [0, "#9b4aa0"],
                [1, "#5a2161"],
              ]
        ),
      body,
      utensil: "spoon",
    };
  },

  pancakes(R, v) {
    const base = plate(v);
    let body =
      base.body +
      g(
        { fill: "#b9732c" },
        [3, 2, 1].map((i) => circle(CX + i * 3, CY + i * 9, 150)).join("")
      ) +
      circle(CX, CY, 150, "url(#pc)");
    body += path(
      "M330 210q70-40 120 10q40 40 0 90q-30 40-80 20q-40-10-60-60q-10-40 20-60z",
      v.alt ? "#6b2a2f" : "#9a4f16",
      { opacity: 0.55 }
    );
    body += rect(395, 265, 54, 42, 6, "#fff0a0", {
      transform: "rotate(12 395 265)",
    });
    body += g(
      { fill: "#fff", opacity: 0.8 },
      R.scatter(34, CX, CY, 140, 10)
        .map((p) => circle(p.x, p.y, 2.2))
        .join("")
    );
    body += g(
      { fill: "#d8344b" },
      circle(560, 200, 15) + circle(570, 320, 15) + circle(230, 370, 15)
    );
    body += g({ fill: "#3d3f91" }, circle(585, 255, 12) + circle(250, 420, 12));
    body += path(
      lens(555, 415, 44, 16, 30) + lens(585, 400, 36, 13, -20),
      "#4f9d3a"
    );
    return {
      defs:
        base.defs +
        radial(
          "pc",
          [
            [0, "#f6cf7e"],
            [0.8, "#e0a24d"],
            [1, "#b8702c"],
          ],
          0.45,
          0.42,
          0.55
        ),
      body,
      utensil: "fork",
    };
  },

  dumplings(R, v) {
    let body =
      circle(CX, CY, 222, "#c8964f") +
      circle(CX, CY, 205, "#e2b86f", { stroke: "#a8793a", "stroke-width": 6 });
    body += line(
      Array.from({ length: 9 }, (_, i) => `M${215 + i * 46} 130V470`).join(""),
      "#b88a46",
      3,
      { opacity: 0.5 }
    );
    body += circle(CX, CY, 190, v.alt ? "#eee3c9" : "#d9e6c3");
    const spots = [
      [330, 210],
      [470, 210],
      [265, 310],
      [400, 310],
      [535, 310],
      [330, 410],
      [470, 410],
    ];
    for (const [x, y] of spots) {
      let d = path(
        `M${x - 52} ${y + 14}Q${x} ${y - 70} ${x + 52} ${y + 14}Q${x} ${
          y + 34
        } ${x - 52} ${y + 14}Z`,
        "url(#dm)"
      );
      d += line(
        [0, 1, 2, 3, 4]
          .map(
            (k) =>
              `M${x - 28 + k * 14} ${y - 22 + Math.abs(k - 2) * 6}q4 10 0 18`
          )
          .join(""),
        "#d8ccb0",
        2.5
      );
      if (v.alt)
        d += path(
          `M${x - 46} ${y + 16}Q${x} ${y + 32} ${x + 46} ${y + 16}Q${x} ${
            y + 24
          } ${x - 46} ${y + 16}Z`,
          "#c98a3a"
        );
      body += g({ transform: rot(Math.round(R.range(-25, 25)), x, y) }, d);
    }
    body +=
      circle(140, 120, 58, "#fbf7ee", {
        stroke: "#ddd2bf",
        "stroke-width": 3,
      }) + circle(140, 120, 44, "#4a2412");
    body += sprinkle(R, "#e8e0c0", 6, 140, 120, 30, 8, (x, y) =>
      circle(x, y, 3)
    );
    return {
      defs: radial(
        "dm",
        [
          [0, "#fffdf7"],
          [1, "#efe4cb"],
        ],
        0.5,
        0.35,
        0.7
      ),
      body,
      utensil: "chopsticks",
    };
  },

  mezze(R, v) {
    const base = plate(v);
    let body =
      base.body +
      circle(370, 290, 112, "#ead6a6") +
      line(spiral(370, 290, 92, 2.6), "#d6ba7e", 9);
    body += circle(370, 290, 34, "#d4b02c", { opacity: 0.55 });
    body += g(
      { fill: "#e6c27f", stroke: "#c9a260", "stroke-width": 1.5 },
      R.scatter(6, 370, 290, 22, 12)
        .map((p) => circle(p.x, p.y, 8))
        .join("")
    );
    body += sprinkle(R, "#c0392b", 14, 370, 290, 100, 14, (x, y) =>
      circle(x, y, 2.8)
    );
    const balls = [
      [530, 215],
      [555, 285],
      [530, 355],
      [490, 420],
    ];
    body += v.alt
      ? g(
          { fill: "#2f2b28" },
          balls.map(([x, y]) => circle(x, y, 26)).join("")
        ) +
        g(
          { fill: "#fff", opacity: 0.25 },
          balls.map(([x, y]) => circle(x - 7, y - 8, 7)).join("")
        )
      : g(
          { fill: "url(#fa)" },
          balls.map(([x, y]) => circle(x, y, 28)).join("")
        ) +
        g(
          { fill: "#c58a45" },
          balls
            .map(
              ([x, y]) => circle(x - 8, y - 6, 3) + circle(x + 6, y + 5, 2.5)
            )
            .join("")
        );
    body += g(
      {
        fill: "#efcf95",
        stroke: "#d9a85e",
        "stroke-width": 4,
        "stroke-linejoin": "round",
      },
      [
        [300, 450, 20],
        [390, 455, -10],
        [260, 170, 200],
      ]
        .map(([x, y, deg]) =>
          el("path", {
            d: `M${x - 55} ${y + 30}L${x} ${y - 50}L${x + 55} ${y + 30}Z`,
            transform: rot(deg, x, y),
          })
        )
        .join("")
    );
    const salad = R.scatter(9, 470, 150, 34, 14);
    ["#e4402f", "#a6d37a", "#f3efe2"].forEach(
      (c, k) =>
        (body += path(
          salad
            .filter((_, i) => i % 3 === k)
            .map((p) => quad(p.x, p.y, 13, 13, R.range(0, 45)))
            .join(""),
          c
        ))
    );
    return {
      defs:
        base.defs +
        radial(
          "fa",
          [
            [0, "#b8732f"],
            [1, "#6e3c16"],
          ],
          0.4,
          0.35,
          0.7
        ),
      body,
      utensil: "fork",
    };
  },

  soup(R, v) {
    const base = bowl(
      v.alt ? "#3f6f73" : "#e8dcc8",
      v.alt ? "#f3ede2" : "#fbf7ef",
      200
    );
    let body = base.body + circle(CX, CY, 166, "url(#sp)");
    body += line(spiral(CX + 10, CY - 10, 70, 2.4), "#fff8ee", 6, {
      opacity: 0.85,
    });
    body += sprinkle(R, "#dba45a", 8, CX, CY, 130, 30, (x, y) =>
      bare(quad(x, y, 18, 18, R.range(0, 45)))
    );
    body += leaves(R, "#3f8f2f", 14, CX, CY, 140, 14, 14);
    body += sprinkle(R, "#3a2a1a", 18, CX, CY, 140, 8, (x, y) =>
      circle(x, y, 1.8)
    );
    body += g(
      { transform: "rotate(-18 140 120)" },
      rect(140, 120, 150, 110, 30, "#c98a44") +
        rect(140, 122, 126, 86, 22, "#f1ddb0")
    );
    body += sprinkle(R, "#d9bd86", 8, 140, 122, 40, 8, (x, y) =>
      circle(x, y, 2.5)
    );
    return {
      defs:
        base.defs +
        radial(
          "sp",
          v.alt
            ? [
                [0, "#f5b14a"],
                [1, "#d97a1a"],
              ]
            : [
                [0, "#e46a3f"],
                [1, "#b63c1e"],
              ]
        ),
      body,
      utensil: "spoon",
    };
  },

  "fruit-tart"(R, v) {
    const base = plate(v);
    let body = base.body;
    body += g(
      { fill: "#c98a44" },
      Array.from({ length: 22 }, (_, i) => {
        const a = (i / 22) * Math.PI * 2;
        return circle(CX + Math.cos(a) * 167, CY + Math.sin(a) * 167, 18);
      }).join("")
    );
    body += circle(CX, CY, 170, "url(#tc)") + circle(CX, CY, 150, "#f8e3a3");
    let berries = "";
    let seeds = "";
    for (let i = 0; i < 14; i++) {
      const t = (i / 14) * Math.PI * 2;
      const x = CX + Math.cos(t) * 122;
      const y = CY + Math.sin(t) * 122;
      berries += lens(x, y, 46, 18, (i / 14) * 360 + 90);
      seeds += `M${pt(x - 4, y - 3)}h.1M${pt(x + 6, y + 2)}h.1`;
    }
    body +=
      path(berries, v.alt ? "#f0a02c" : "#d8283f") + line(seeds, "#ffe8a0", 4);
    const kiwis = Array.from({ length: 8 }, (_, i) => {
      const t = ((i / 8) * 360 + 22) * (Math.PI / 180);
      return [CX + Math.cos(t) * 70, CY + Math.sin(t) * 70];
    });
    body += g(
      { fill: "#8dc63f", stroke: "#6b8a2a", "stroke-width": 3 },
      kiwis.map(([x, y]) => circle(x, y, 25)).join("")
    );
    body += g(
      { fill: "#f4f6dc" },
      kiwis.map(([x, y]) => circle(x, y, 7)).join("")
    );
    body += line(
      kiwis
        .map(([x, y]) =>
          [0, 1, 2, 3, 4]
            .map(
              (k) =>
                `M${pt(
                  x + Math.cos(k * 1.25) * 14,
                  y + Math.sin(k * 1.25) * 14
                )}h.1`
            )
            .join("")
        )
        .join(""),
      "#2a2418",
      3.5
    );
    body += sprinkle(R, "#35407f", 8, CX, CY, 26, 16, (x, y) =>
      circle(x, y, 10)
    );
    body += path(
      lens(425, 280, 36, 14, -30) + lens(440, 300, 30, 11, 40),
      "#3f9a4a"
    );
    return {
      defs:
        base.defs +
        radial("tc", [
          [0.85, "#e1a45a"],
          [1, "#b9732f"],
        ]),
      body,
      utensil: "fork",
    };
  },

  "avocado-toast"(R, v) {
    const base = plate(v);
    let body = base.body;
    [
      [320, 300, -8],
      [485, 300, 10],
    ].forEach(([x, y, deg], i) => {
      let t = path(
        `M${x - 80} ${y + 95}V${y - 60}Q${x - 80} ${y - 110} ${x} ${y - 110}Q${
          x + 80
        } ${y - 110} ${x + 80} ${y - 60}V${y + 95}Z`,
        "#b97a3a"
      );
      t += path(
        `M${x - 66} ${y + 82}V${y - 55}Q${x - 66} ${y - 96} ${x} ${y - 96}Q${
          x + 66
        } ${y - 96} ${x + 66} ${y - 55}V${y + 82}Z`,
        "#ecc98e"
      );
      t += g(
        { fill: "url(#av)", stroke: "#4d7a22", "stroke-width": 3 },
        [0, 1, 2, 3, 4, 5]
          .map((k) => bare(lens(x - 40 + k * 16, y + 5, 124, 16, 72)))
          .join("")
      );
      if (i === 1 && !v.alt)
        t +=
          ellipse(x, y - 5, 52, 46, "#fffdf6") +
          circle(x + 4, y - 2, 22, "#f7b32b");
      if (i === 1 && v.alt)
        t += g(
          { fill: "#f4dde4", stroke: "#d2486f", "stroke-width": 4 },
          [0, 1, 2, 3]
            .map((k) => circle(x - 30 + k * 20, y - 40 + (k % 2) * 70, 15))
            .join("")
        );
      t += sprinkle(R, "#c8281e", 10, x, y, 60, 10, (px, py) =>
        circle(px, py, 2.2)
      );
      body += g({ transform: rot(deg, x, y) }, t);
    });
    return {
      defs:
        base.defs +
        linear(
          "av",
          [
            [0, "#c5e07a"],
            [1, "#86b43a"],
          ],
          1,
          0
        ),
      body,
      utensil: "fork",
    };
  },

  "poke-bowl"(R, v) {
    const base = bowl(v.alt ? "#2d3a4a" : "#e6d9c4", "#faf6ee");
    let body = base.body + circle(CX, CY, 180, "#fbfaf4");
    body += sprinkle(R, "#e6e0d0", 6, CX, CY, 50, 16, (x, y) =>
      bare(lens(x, y, 12, 3, R.range(0, 180)))
    );
    const bases = [
      "#dcefc4",
      "#fde3b8",
      v.alt ? "#fbd3cc" : "#f1ead8",
      "#ead7ee",
      "#e3f0c8",
      "#cfe0c4",
    ];
    const sections = [
      (x, y) =>
        g(
          { fill: "#8fc451", stroke: "#5f962f", "stroke-width": 2 },
          R.scatter(11, x, y, 46, 18)
            .map((p) => bare(lens(p.x, p.y, 24, 8, R.range(0, 180))))
            .join("")
        ),
      (x, y) =>
        sprinkle(R, "#f7a93b", 10, x, y, 46, 22, (px, py) =>
          bare(quad(px, py, 20, 20, R.range(0, 40)))
        ),
      (x, y) =>
        sprinkle(R, v.alt ? "#f26d5b" : "#f8f1de", 9, x, y, 46, 24, (px, py) =>
          bare(quad(px, py, 22, 22, R.range(0, 40)))
        ),
      (x, y) =>
        line(
          Array.from(
            { length: 8 },
            (_, i) =>
              `M${x - 40} ${y - 28 + i * 8}q40 ${Math.round(
                R.range(-14, 14)
              )} 80 0`
          ).join(""),
          "#8a3b8f",
          4
        ),
      (x, y) =>
        g(
          { fill: "#a7cf5a", stroke: "#4d7a22", "stroke-width": 3 },
          [0, 1, 2, 3, 4]
            .map((i) => bare(lens(x - 30 + i * 15, y, 88, 11, 70)))
            .join("")
        ),
      (x, y) =>
        line(
          Array.from({ length: 6 }, () =>
            squiggle(R, x, y + R.range(-30, 30), 80, 8, R.range(-20, 20))
          ).join(""),
          "#2f5a2a",
          4
        ),
    ];
    sections.forEach((draw, i) => {
      const a = (i / sections.length) * Math.PI * 2 - Math.PI / 2;
      const x = CX + Math.cos(a) * 108;
      const y = CY + Math.sin(a) * 108;
      body += circle(x, y, 62, bases[i]) + draw(x, y);
    });
    body += line(
      R.scatter(16, CX, CY, 160, 10)
        .map((p) => `M${p.x} ${p.y}h3`)
        .join(""),
      "#1e1e1e",
      2.5
    );
    return { defs: base.defs, body, utensil: "chopsticks" };
  },
};

// ---------------------------------------------------------------- looks and scenes

// Table, plate colours and napkin; each dish gets two different looks (and v.alt toppings).
const LOOKS = [
  {
    table: "wood",
    bg: ["#c98d52", "#8c5a2f"],
    plate: ["#fffdf8", "#ece4d6"],
    napkin: "#e9dcc4",
  },
  {
    table: "linen",
    bg: ["#f6dcb4", "#e7b07e"],
    plate: ["#ffffff", "#e7e2da"],
    napkin: "#c7553b",
  },
  {
    table: "tile",
    bg: ["#dc8a60", "#b55b3b"],
    plate: ["#fbf3e4", "#e3d3b8"],
    napkin: "#f3e6cc",
  },
  {
    table: "dots",
    bg: ["#f1c15b", "#d9902e"],
    plate: ["#f4f7ef", "#d5dfca"],
    napkin: "#5e7f4f",
  },
  {
    table: "linen",
    bg: ["#f3cfc0", "#d9967e"],
    plate: ["#fffaf2", "#ead9c6"],
    napkin: "#3f6f73",
  },
  {
    table: "wood",
    bg: ["#a8693a", "#6e4122"],
    plate: ["#fdf6ec", "#e6cfb2"],
    napkin: "#d9a441",
  },
];

function renderPhoto(dishName, index, variant) {
  const R = makeRandom(index * 7919 + variant);
  const look = LOOKS[(index * 2 + variant) % LOOKS.length];
  const v = { ...look, alt: variant === 2 };
  const bg = table(look);
  const dish = DISHES[dishName](R, v);
  const defs =
    bg.defs +
    linear(
      "mt",
      [
        [0, "#f7f7f5"],
        [0.5, "#d9d9d6"],
        [1, "#a9a9a6"],
      ],
      1,
      0
    ) +
    radial("sh", [
      [0.82, "#3a1e0a", 0.35],
      [1, "#3a1e0a", 0],
    ]) +
    radial(
      "vg",
      [
        [0.55, "#2a1404", 0],
        [1, "#2a1404", 0.35],
      ],
      0.5,
      0.5,
      0.75
    ) +
    dish.defs;
  const body =
    bg.body +
    napkin(look.napkin) +
    sprig(150 + (index % 3) * 10, 90) +
    (dish.utensil ? UTENSILS[dish.utensil]() : "") +
    (dish.shadow === false ? "" : circle(CX + 14, CY + 18, 262, "url(#sh)")) +
    dish.body +
    el("rect", { width: 800, height: 600, fill: "url(#vg)" });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" stroke-linecap="round">${el(
    "defs",
    {},
    defs
  )}${body}</svg>\n`;
}

/** Every photo this script draws, as `{ file, svg }`, in a fixed order. */
export function renderPhotos() {
  return Object.keys(DISHES).flatMap((dishName, index) =>
    [1, 2].map((variant) => ({
      file: `${dishName}-${variant}.svg`,
      svg: renderPhoto(dishName, index, variant),
    }))
  );
}

function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const photos = renderPhotos();
  const keep = new Set(photos.map((p) => p.file));
  for (const name of readdirSync(OUT_DIR))
    if (name.endsWith(".svg") && !keep.has(name)) unlinkSync(OUT_DIR + name);
  for (const { file, svg } of photos) writeFileSync(OUT_DIR + file, svg);
  console.log(`wrote ${photos.length} photos to public/photos`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  main();
