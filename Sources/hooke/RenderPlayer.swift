/// The player of `hooke render`'s page: its HTML, style and script, with the scene's data
/// (`RenderPage`) put in.
///
/// The script draws every body of one colour as one path per frame (the 100-row pyramid
/// is 5 050 bodies), joints and snap points under the bodies, and the plot of one column
/// of the selected body under the canvas. Opened with `#selftest&…` it checks itself and
/// writes the outcome into `<pre id="hooke-selftest">` (`Scripts/browser_test.py`,
/// Docs/render.md).
enum RenderPlayer {
    /// The page, `data` being the JSON text (with "<" escaped).
    static func page(title: String, data: String) -> String {
        // Split, not replaced: a title may spell the placeholder itself.
        let parts = template.components(separatedBy: "@DATA@")
        let head = parts[0].replacingOccurrences(of: "@TITLE@", with: escapeHTML(title))
        return head + data + parts[1]
    }

    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private static let template = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>@TITLE@ · Hooke</title>
        <style>
          body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 16px; color: #1d1d1f; background: #fff; }
          h1 { font-size: 18px; margin: 0 0 8px; }
          #controls, #plotControls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
          #scrub { flex: 1 1 240px; }
          #readout { font-variant-numeric: tabular-nums; min-width: 260px; }
          canvas { display: block; border: 1px solid #d2d2d7; border-radius: 6px; background: #fbfbfd; }
          button { min-width: 36px; }
          .note { color: #6e6e73; font-size: 12px; }
        </style>
        </head>
        <body>
        <h1>@TITLE@</h1>
        <div id="controls">
          <button id="play" title="play / pause (space)">Play</button>
          <button id="back" title="step back (←, shift: 10)">◀</button>
          <button id="forward" title="step forward (→, shift: 10)">▶</button>
          <input id="scrub" type="range" min="0" max="0" value="0" aria-label="recorded step">
          <label>speed <select id="speed">
            <option>0.1</option><option>0.25</option><option>0.5</option><option selected>1</option><option>2</option>
          </select>×</label>
          <span id="readout"></span>
        </div>
        <div id="plotControls">
          <label><input id="trails" type="checkbox"> trail</label>
          <label><input id="arrows" type="checkbox"> velocity</label>
          <label><input id="flashes" type="checkbox" checked> contacts</label>
          <label><input id="touches" type="checkbox" checked> touches</label>
          <label>body <select id="body"></select></label>
          <label>plot <select id="column"></select></label>
        </div>
        <canvas id="scene" width="960" height="540"></canvas>
        <canvas id="plot" width="960" height="180" style="margin-top: 8px"></canvas>
        <p class="note">Drawn by <code>hooke render</code> from a fixed-step run of Hooke's World; positions in points, y down.</p>
        <pre id="hooke-selftest" hidden></pre>
        <script type="application/json" id="hooke-data">@DATA@</script>
        <script>
        "use strict";
        const errors = [];
        window.addEventListener("error", (e) => errors.push(String(e.message)));
        const consoleError = console.error.bind(console);
        console.error = (...args) => { errors.push(args.map(String).join(" ")); consoleError(...args); };

        const D = JSON.parse(document.getElementById("hooke-data").textContent);
        const bytes = Uint8Array.from(atob(D.values), (c) => c.charCodeAt(0));
        const V = new Float32Array(bytes.buffer);
        const F = D.frameSteps.length, N = D.recorded.length, W = D.columns.length;
        const every = F > 1 ? D.frameSteps[1] - D.frameSteps[0] : 1;
        const h = D.timestep;
        const recordedIndex = new Map(D.recorded.map((id, k) => [id, k]));
        const bodyByID = new Map(D.bodies.map((b) => [b.id, b]));
        const C = Object.fromEntries(D.columns.map((name, c) => [name, c]));
        // Interaction bodies' looks (RenderPage.looksJSON), by row id.
        const lookOf = new Map();
        for (const look of D.looks) for (const id of look.rows) lookOf.set(id, look);

        // Colours: a fixed palette (exact RGB, which the self-test reads back), grey when anchored.
        const PALETTE = [[0, 122, 255], [255, 149, 0], [52, 199, 89], [175, 82, 222], [255, 59, 48],
                         [90, 200, 250], [255, 204, 0], [88, 86, 214], [255, 45, 85], [162, 132, 94]];
        const ANCHORED = [142, 142, 147];
        const colourOf = (id) => {
          const b = bodyByID.get(id);
          if (b && b.anchored) return ANCHORED;
          const k = recordedIndex.has(id) ? recordedIndex.get(id) : D.bodies.findIndex((x) => x.id === id);
          return PALETTE[((k % PALETTE.length) + PALETTE.length) % PALETTE.length];
        };
        const css = (rgb, a = 1) => `rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, ${a})`;

        // The state of body `id` at frame f: recorded, or the initial placement.
        function pose(id, f) {
          const k = recordedIndex.get(id);
          if (k !== undefined) {
            const base = (f * N + k) * W;
            const x = V[base + C.x];
            if (!Number.isNaN(x)) {
              return { x, y: V[base + C.y], angle: V[base + C.angle], vx: V[base + C.vx], vy: V[base + C.vy],
                       scale: C.scale !== undefined ? V[base + C.scale] : 1, alpha: C.alpha !== undefined ? V[base + C.alpha] : 1,
                       overlay: C.overlay !== undefined ? V[base + C.overlay] : 0 };
            }
            if (!bodyByID.has(id)) return null;
          }
          const b = bodyByID.get(id);
          return b ? { x: b.center[0], y: b.center[1], angle: b.angle, vx: 0, vy: 0, scale: 1, alpha: 1, overlay: 0 } : null;
        }
        const rotate = (p, a) => [p[0] * Math.cos(a) - p[1] * Math.sin(a), p[0] * Math.sin(a) + p[1] * Math.cos(a)];
        // How far a shape reaches from its centre (a compound: its farthest part).
        const shapeExtent = (shape) => shape.kind === "compound"
          ? Math.max(...shape.parts.map((q) => Math.hypot(...q.offset) + shapeExtent(q)))
          : shape.size ? Math.hypot(...shape.size) / 2 : Math.max(...shape.vertices.map((v) => Math.hypot(v[0], v[1])));

        // The view: the world's bounds, or what every frame and shape covers, fitted to the canvas.
        const scene = document.getElementById("scene"), ctx = scene.getContext("2d");
        const view = (() => {
          let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
          const grow = (x, y, r = 0) => { x0 = Math.min(x0, x - r); y0 = Math.min(y0, y - r); x1 = Math.max(x1, x + r); y1 = Math.max(y1, y + r); };
          if (D.bounds) { grow(D.bounds[0], D.bounds[1]); grow(D.bounds[0] + D.bounds[2], D.bounds[1] + D.bounds[3]); }
          const extent = (id) => {
            const b = bodyByID.get(id), look = lookOf.get(id);
            if (b) return shapeExtent(b.shape);
            return look && look.size ? Math.hypot(...look.size) / 2 : look ? 0 : 30;
          };
          if (!D.bounds) {
            for (const b of D.bodies) grow(b.center[0], b.center[1], extent(b.id));
            for (const l of D.looks) {
              if (l.screen) { grow(l.screen[0], l.screen[1]); grow(l.screen[0] + l.screen[2], l.screen[1] + l.screen[3]); }
              if (l.kind === "jelly") { grow(0, 0); grow(l.width, l.minHeight); }
            }
            for (let f = 0; f < F; f++) for (let k = 0; k < N; k++) {
              const x = V[(f * N + k) * W + C.x], y = V[(f * N + k) * W + C.y];
              if (Number.isFinite(x) && Number.isFinite(y)) grow(x, y, extent(D.recorded[k]));
            }
            for (const b of D.boundaries) for (const p of b.points) grow(p[0], p[1]);
          }
          if (!Number.isFinite(x0)) { x0 = 0; y0 = 0; x1 = 100; y1 = 100; }
          const pad = 0.04 * Math.max(x1 - x0, y1 - y0, 1);
          x0 -= pad; y0 -= pad; x1 += pad; y1 += pad;
          const width = Math.min(960, Math.max(320, window.innerWidth - 40));
          const s = Math.min(width / (x1 - x0), 560 / (y1 - y0));
          scene.width = Math.ceil((x1 - x0) * s); scene.height = Math.ceil((y1 - y0) * s);
          return { x0, y0, s };
        })();
        const toCanvas = (x, y) => [(x - view.x0) * view.s, (y - view.y0) * view.s];

        function outline(path, id, p) {
          const b = bodyByID.get(id);
          const [cx, cy] = toCanvas(p.x, p.y), s = view.s * p.scale;
          if (!b) {
            const look = lookOf.get(id);
            if (look && (look.kind === "card" || look.kind === "cards" || look.kind === "items")) {
              // The card or item: its size about the row's centre, turned and scaled.
              [[-1, -1], [1, -1], [1, 1], [-1, 1]].forEach(([u, v], i) => {
                const r = rotate([u * look.size[0] / 2, v * look.size[1] / 2], p.angle);
                if (i === 0) path.moveTo(cx + r[0] * s, cy + r[1] * s); else path.lineTo(cx + r[0] * s, cy + r[1] * s);
              });
              path.closePath();
            } else if (look && look.kind === "jelly") {
              // Filled from the top down to the quadratic Bézier (0, minHeight) → (width, minHeight)
              // whose control point is the row; the point itself as a dot.
              const [x0, y0] = toCanvas(0, 0), [x1, y1] = toCanvas(look.width, look.minHeight), [, yRest] = toCanvas(0, look.minHeight);
              path.moveTo(x0, y0); path.lineTo(x1, y0); path.lineTo(x1, y1);
              path.quadraticCurveTo(cx, cy, x0, yRest); path.closePath();
            } else if (look && look.kind === "halves") {
              // The picture cut at the row's x: the left half left of it, the right half right of
              // it, within the screen.
              const [sx, sy, sw, sh] = look.screen, left = id === look.rows[0];
              const a = left ? sx : Math.max(sx, p.x), z = left ? Math.min(sx + sw, p.x) : sx + sw;
              if (z > a) { const [qx, qy] = toCanvas(a, sy); path.rect(qx, qy, (z - a) * view.s, sh * view.s); }
            }
            return;
          }
          shapePath(path, b.shape, cx, cy, p.angle, s);
        }

        // A body shape centred on canvas (cx, cy), turned by angle, s canvas units a point;
        // a compound's parts each at its offset turned with the body.
        function shapePath(path, shape, cx, cy, angle, s) {
          if (shape.kind === "compound") {
            for (const q of shape.parts) {
              const o = rotate(q.offset, angle);
              shapePath(path, q, cx + o[0] * s, cy + o[1] * s, angle + q.angle, s);
            }
            return;
          }
          if (shape.kind === "ellipse") {
            const rx = shape.size[0] / 2 * s, ry = shape.size[1] / 2 * s;
            path.moveTo(cx + rx * Math.cos(angle), cy + rx * Math.sin(angle));
            path.ellipse(cx, cy, rx, ry, angle, 0, 2 * Math.PI);
            return;
          }
          const vs = shape.kind === "rectangle"
            ? [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([u, v]) => [u * shape.size[0] / 2, v * shape.size[1] / 2])
            : shape.vertices;
          vs.forEach((v, i) => {
            const r = rotate(v, angle);
            const q = [cx + r[0] * s, cy + r[1] * s];
            if (i === 0) path.moveTo(q[0], q[1]); else path.lineTo(q[0], q[1]);
          });
          path.closePath();
        }

        function regionPath(path, r, cx, cy) {
          switch (r.kind) {
            case "circle": path.moveTo(cx + r.radius * view.s, cy); path.arc(cx, cy, r.radius * view.s, 0, 2 * Math.PI); break;
            case "rectangle": path.rect(cx - r.size[0] / 2 * view.s, cy - r.size[1] / 2 * view.s, r.size[0] * view.s, r.size[1] * view.s); break;
            case "inverse": regionPath(path, r.of, cx, cy); break;
            default: for (const part of r.of) regionPath(path, part, cx, cy);
          }
        }

        const active = (b, step) => step >= b.at - 1e-9 && (b.until === null || step < b.until - 1e-9);
        const options = { trails: false, arrows: false, flashes: true, touches: true };
        let selected = D.recorded.find((id) => !(bodyByID.get(id) || {}).anchored) || D.recorded[0];

        function draw(f) {
          const step = D.frameSteps[f];
          ctx.setTransform(1, 0, 0, 1, 0, 0);
          ctx.fillStyle = "#fbfbfd"; ctx.fillRect(0, 0, scene.width, scene.height);
          ctx.lineJoin = "round";
          for (const field of D.fields) {
            if (!active(field, step)) continue;
            const path = new Path2D(), [cx, cy] = toCanvas(field.position[0], field.position[1]);
            regionPath(path, field.region, cx, cy);
            ctx.fillStyle = "rgba(90, 200, 250, 0.10)"; ctx.fill(path, "evenodd");
            ctx.strokeStyle = "rgba(0, 122, 255, 0.45)"; ctx.setLineDash(field.region.kind === "inverse" ? [6, 4] : []);
            ctx.lineWidth = 1; ctx.stroke(path); ctx.setLineDash([]);
          }
          if (D.bounds) {
            const [x, y] = toCanvas(D.bounds[0], D.bounds[1]);
            ctx.strokeStyle = "#c7c7cc"; ctx.lineWidth = 1; ctx.strokeRect(x, y, D.bounds[2] * view.s, D.bounds[3] * view.s);
          }
          const walls = new Path2D();
          for (const b of D.boundaries) {
            b.points.forEach((p, i) => { const q = toCanvas(p[0], p[1]); if (i === 0) walls.moveTo(...q); else walls.lineTo(...q); });
            if (b.closed) walls.closePath();
          }
          ctx.strokeStyle = "#3a3a3c"; ctx.lineWidth = 2; ctx.stroke(walls);
          const links = new Path2D();
          const pointOf = (id, offset) => { const p = pose(id, f); if (!p) return null; const r = rotate(offset, p.angle); return toCanvas(p.x + r[0], p.y + r[1]); };
          for (const j of D.joints) {
            if (!active(j, step)) continue;
            const a = pointOf(j.item, j.offset);
            const b = j.to !== null ? pointOf(j.to, j.toOffset) : toCanvas(j.anchor[0], j.anchor[1]);
            if (!a || !b) continue;
            links.moveTo(...a); links.lineTo(...b);
            if (j.to === null) { links.moveTo(b[0] + 4, b[1]); links.arc(b[0], b[1], 4, 0, 2 * Math.PI); }
          }
          ctx.strokeStyle = "#636366"; ctx.lineWidth = 1.5; ctx.stroke(links);
          const targets = new Path2D();
          for (const snap of D.snaps) {
            if (!active(snap, step)) continue;
            const [x, y] = toCanvas(snap.point[0], snap.point[1]);
            targets.moveTo(x - 6, y); targets.lineTo(x + 6, y); targets.moveTo(x, y - 6); targets.lineTo(x, y + 6);
          }
          ctx.strokeStyle = "#ff3b30"; ctx.lineWidth = 1.5; ctx.stroke(targets);
          if (options.trails && recordedIndex.has(selected)) {
            const trail = new Path2D();
            for (let g = Math.max(0, f - 240), first = true; g <= f; g++) {
              const p = pose(selected, g); if (!p) continue;
              const q = toCanvas(p.x, p.y);
              if (first) { trail.moveTo(...q); first = false; } else trail.lineTo(...q);
            }
            ctx.strokeStyle = css(colourOf(selected), 0.6); ctx.lineWidth = 1.5; ctx.stroke(trail);
          }
          for (const look of D.looks) {
            if (!look.screen) continue;
            const [x, y] = toCanvas(look.screen[0], look.screen[1]), w = look.screen[2] * view.s, hh = look.screen[3] * view.s;
            if (look.kind === "halves") {
              // What the halves reveal.
              ctx.fillStyle = "#e5e5ea"; ctx.fillRect(x, y, w, hh);
              ctx.fillStyle = "#8e8e93"; ctx.font = "14px system-ui, sans-serif"; ctx.textAlign = "center";
              ctx.fillText("revealed", x + w / 2, y + hh / 2);
            }
            ctx.strokeStyle = "#c7c7cc"; ctx.lineWidth = 1; ctx.strokeRect(x, y, w, hh);
          }
          // Bodies: one path per colour (and alpha), filled, then outlined.
          const groups = new Map();
          const ids = new Set([...D.bodies.map((b) => b.id), ...D.recorded]);
          for (const id of ids) {
            const p = pose(id, f); if (!p) continue;
            const rgb = colourOf(id), alpha = Math.max(0, Math.min(1, Number.isFinite(p.alpha) ? p.alpha : 1));
            const key = rgb.join(",") + "/" + alpha.toFixed(2);
            if (!groups.has(key)) groups.set(key, { rgb, alpha, path: new Path2D() });
            outline(groups.get(key).path, id, p);
          }
          for (const g of groups.values()) {
            ctx.fillStyle = css(g.rgb, g.alpha); ctx.fill(g.path);
            ctx.strokeStyle = css(g.rgb.map((c) => Math.round(c * 0.6)), g.alpha); ctx.lineWidth = 1; ctx.stroke(g.path);
          }
          // A dot at the row's point of the rows that are not drawn about their centre (the jelly
          // edge's control point, a pinch half's cut edge) and of rows with no look.
          for (const id of D.recorded) {
            if (bodyByID.has(id)) continue;
            const look = lookOf.get(id);
            if (look && (look.kind === "card" || look.kind === "cards" || look.kind === "items")) continue;
            const p = pose(id, f); if (!p) continue;
            const [x, y] = toCanvas(p.x, p.y);
            ctx.beginPath(); ctx.arc(x, y, 5, 0, 2 * Math.PI); ctx.fillStyle = css(colourOf(id)); ctx.fill();
          }
          for (const look of D.looks) for (const row of look.rows) {
            if (look.kind !== "card" && look.kind !== "cards") continue;
            // The overlay badge (the article's like / nope image) at the overlay's opacity, in
            // the card's top band, turned and scaled with it.
            const p = pose(row, f);
            if (!p || !(p.overlay > 0)) continue;
            const [cx, cy] = toCanvas(p.x, p.y), s = view.s * p.scale, [w, hh] = look.size;
            ctx.save(); ctx.translate(cx, cy); ctx.rotate(p.angle); ctx.scale(s, s);
            const like = p.x >= look.home[0];
            ctx.globalAlpha = Math.min(1, p.overlay);
            ctx.fillStyle = like ? "#34c759" : "#ff3b30";
            ctx.fillRect(-w / 2 + 0.1 * w, -hh / 2 + 0.06 * hh, 0.8 * w, 0.16 * hh);
            ctx.fillStyle = "#fff"; ctx.font = `bold ${0.1 * hh}px system-ui, sans-serif`; ctx.textAlign = "center"; ctx.textBaseline = "middle";
            ctx.fillText(like ? "LIKE" : "NOPE", 0, -hh / 2 + 0.14 * hh);
            ctx.restore();
          }
          if (options.touches) {
            // The gesture's touches (rings a finger wide) while it is down: the last event at or
            // before this frame's time, unless it ended the stream.
            const t = step * h, rings = new Path2D();
            for (const look of D.looks) {
              const T = look.touches;
              let k = -1;
              for (let i = 0; i < T.length; i += 6) { if (T[i] <= t + 1e-9) k = i; else break; }
              if (k < 0 || T[k + 1] >= 2) continue;
              for (const j of [2, 4]) {
                if (T[k + j] === null) continue;
                const [x, y] = toCanvas(T[k + j], T[k + j + 1]);
                rings.moveTo(x + 11, y); rings.arc(x, y, 11, 0, 2 * Math.PI);
              }
            }
            ctx.strokeStyle = "rgba(60, 60, 67, 0.7)"; ctx.lineWidth = 2; ctx.stroke(rings);
          }
          if (options.arrows) {
            const arrows = new Path2D();
            for (const id of D.recorded) {
              const p = pose(id, f); if (!p) continue;
              const a = toCanvas(p.x, p.y), b = toCanvas(p.x + 0.1 * p.vx, p.y + 0.1 * p.vy);   // 0.1 s of motion
              arrows.moveTo(...a); arrows.lineTo(...b);
            }
            ctx.strokeStyle = "#1d1d1f"; ctx.lineWidth = 1.2; ctx.stroke(arrows);
          }
          if (options.flashes) {
            for (let i = 0; i < D.contacts.length; i += 4) {
              const age = f - D.contacts[i];
              if (age < 0 || age > 8) continue;
              const [x, y] = toCanvas(D.contacts[i + 2], D.contacts[i + 3]);
              ctx.beginPath(); ctx.arc(x, y, 3 + age, 0, 2 * Math.PI);
              ctx.strokeStyle = D.contacts[i + 1] === 0 ? `rgba(255, 149, 0, ${1 - age / 9})` : `rgba(0, 122, 255, ${1 - age / 9})`;
              ctx.lineWidth = 1.5; ctx.stroke();
            }
          }
        }

        // The plot of one column of the selected body over every frame, the cursor at frame f.
        const plot = document.getElementById("plot"), pctx = plot.getContext("2d");
        plot.width = Math.max(scene.width, 640);
        let column = "y";
        function drawPlot(f) {
          const k = recordedIndex.get(selected), c = C[column];
          pctx.fillStyle = "#fbfbfd"; pctx.fillRect(0, 0, plot.width, plot.height);
          if (k === undefined || c === undefined) return;
          let lo = Infinity, hi = -Infinity;
          for (let g = 0; g < F; g++) { const v = V[(g * N + k) * W + c]; if (Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); } }
          if (!Number.isFinite(lo)) return;
          if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
          const left = 64, right = plot.width - 12, top = 12, bottom = plot.height - 28;
          const X = (g) => left + (right - left) * (F > 1 ? g / (F - 1) : 0), Y = (v) => bottom - (bottom - top) * (v - lo) / (hi - lo);
          pctx.strokeStyle = "#c7c7cc"; pctx.lineWidth = 1; pctx.strokeRect(left, top, right - left, bottom - top);
          pctx.fillStyle = "#6e6e73"; pctx.font = "11px system-ui, sans-serif"; pctx.textAlign = "right";
          pctx.fillText(hi.toPrecision(4), left - 6, top + 8); pctx.fillText(lo.toPrecision(4), left - 6, bottom);
          pctx.textAlign = "left"; pctx.fillText("0 s", left, plot.height - 10);
          pctx.textAlign = "right"; pctx.fillText((D.frameSteps[F - 1] * h).toFixed(3) + " s", right, plot.height - 10);
          pctx.textAlign = "center"; pctx.fillText(`${selected}: ${column} (${UNITS[column] || ""})`, (left + right) / 2, plot.height - 10);
          pctx.beginPath();
          for (let g = 0, pen = false; g < F; g++) {
            const v = V[(g * N + k) * W + c];
            if (!Number.isFinite(v)) { pen = false; continue; }
            if (pen) pctx.lineTo(X(g), Y(v)); else { pctx.moveTo(X(g), Y(v)); pen = true; }
          }
          pctx.strokeStyle = css(colourOf(selected)); pctx.lineWidth = 1.5; pctx.stroke();
          pctx.beginPath(); pctx.moveTo(X(f), top); pctx.lineTo(X(f), bottom); pctx.strokeStyle = "#ff3b30"; pctx.stroke();
        }
        const UNITS = { x: "pt", y: "pt", angle: "rad", vx: "pt/s", vy: "pt/s", omega: "rad/s", scale: "", alpha: "", overlay: "" };

        // Playback.
        const ui = (id) => document.getElementById(id);
        const scrub = ui("scrub"), readout = ui("readout"), playButton = ui("play");
        scrub.max = String(Math.max(0, F - 1));
        let frame = 0, playing = false, clock = 0, last = null;
        const describe = (t) => `t = ${t.toFixed(3)} s · step ${D.frameSteps[frame]} · frame ${frame + 1} / ${F}`;
        function show(f) {
          frame = Math.max(0, Math.min(F - 1, f));
          scrub.value = String(frame);
          draw(frame); drawPlot(frame);
          readout.textContent = describe(D.frameSteps[frame] * h);
        }
        function tick(now) {
          if (!playing) return;
          if (last !== null) clock += (now - last) / 1000 * Number(ui("speed").value);
          last = now;
          const f = Math.floor(clock / (h * every) + 1e-9);
          if (f >= F - 1) { show(F - 1); pause(); return; }
          // Between recorded steps the clock still runs on the readout (a page may record every 60th step).
          if (f !== frame) show(f); else readout.textContent = describe(clock);
          requestAnimationFrame(tick);
        }
        function play() {
          if (frame >= F - 1) show(0);
          playing = true; last = null; clock = D.frameSteps[frame] * h; playButton.textContent = "Pause";
          requestAnimationFrame(tick);
        }
        function pause() { playing = false; playButton.textContent = "Play"; }
        const stepBy = (n) => { pause(); show(frame + n); };
        playButton.onclick = () => (playing ? pause() : play());
        ui("back").onclick = () => stepBy(-1);
        ui("forward").onclick = () => stepBy(1);
        scrub.oninput = () => { pause(); show(Number(scrub.value)); };
        for (const name of Object.keys(options)) ui(name).onchange = (e) => { options[name] = e.target.checked; show(frame); };
        document.addEventListener("keydown", (e) => {
          if (e.target.tagName === "SELECT") return;
          if (e.key === " ") { e.preventDefault(); playing ? pause() : play(); }
          else if (e.key === "ArrowRight") { e.preventDefault(); stepBy(e.shiftKey ? 10 : 1); }
          else if (e.key === "ArrowLeft") { e.preventDefault(); stepBy(e.shiftKey ? -10 : -1); }
        });
        const bodySelect = ui("body"), columnSelect = ui("column");
        for (const id of D.recorded) bodySelect.add(new Option(id, id, false, id === selected));
        for (const name of D.columns) columnSelect.add(new Option(name, name, false, name === column));
        bodySelect.onchange = () => { selected = bodySelect.value; show(frame); };
        columnSelect.onchange = () => { column = columnSelect.value; show(frame); };
        show(0);

        // #frame=N opens the page at recorded frame N (0-based), to link to a moment.
        const at = /^#frame=(\d+)$/.exec(location.hash);
        if (at) show(Math.min(Number(at[1]), F - 1));

        // The self-test: #selftest&frames=N&body=ID&step=S&x=X&y=Y&angle=A (Scripts/browser_test.py).
        window.hooke = { frameCount: F, colourOf, show, play, pause, get frame() { return frame; } };
        if (location.hash.startsWith("#selftest")) {
          const q = new URLSearchParams(location.hash.slice("#selftest".length).replace(/^&/, ""));
          const out = ui("hooke-selftest"), result = { checks: {} };
          const nonBackground = () => {
            const pixels = ctx.getImageData(0, 0, scene.width, scene.height).data;
            let n = 0;
            for (let i = 0; i < pixels.length; i += 4) if (pixels[i] !== 251 || pixels[i + 1] !== 251 || pixels[i + 2] !== 253) n++;
            return n;
          };
          result.checks.canvasNotBlank = nonBackground() > 0;
          result.checks.frameCount = { page: F, expected: Number(q.get("frames")), ok: F === Number(q.get("frames")) };
          const id = q.get("body"), step = Number(q.get("step"));
          Object.assign(options, { trails: false, arrows: false, flashes: false, touches: false });
          show(D.frameSteps.indexOf(step));
          // A compound's centre of mass may fall between its parts: its first part's centre,
          // placed by the recorded angle, is looked at instead.
          const checked = bodyByID.get(id), first = checked && checked.shape.kind === "compound"
            ? rotate(checked.shape.parts[0].offset, Number(q.get("angle"))) : [0, 0];
          const [px, py] = toCanvas(Number(q.get("x")) + first[0], Number(q.get("y")) + first[1]);
          const pixel = Array.from(ctx.getImageData(Math.floor(px), Math.floor(py), 1, 1).data.slice(0, 3));
          const want = colourOf(id);
          result.checks.bodyAtRecordedPosition = { body: id, step, frame, pixel, colour: want,
                                                   ok: pixel.every((v, i) => Math.abs(v - want[i]) <= 2) };
          show(0);
          const before = readout.textContent;
          play();
          // Wait, counting display frames, until the readout's clock moves on (headless
          // virtual time runs timers far ahead of display frames, so no timer decides).
          let frames = 0;
          const finish = () => {
            if (readout.textContent === before && ++frames < 600) { requestAnimationFrame(finish); return; }
            const after = readout.textContent;
            pause();
            result.checks.playAdvances = { before, after, displayFrames: frames, ok: after !== before };
            result.errors = errors;
            result.ok = errors.length === 0 && Object.values(result.checks).every((c) => c === true || c.ok === true);
            out.textContent = JSON.stringify(result);
            document.title = "selftest done";
          };
          requestAnimationFrame(finish);
        }
        </script>
        </body>
        </html>

        """#
}
