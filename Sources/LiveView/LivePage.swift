/// The live page: plain HTML, CSS and JavaScript in one string, served as `GET /` (no CDN, no build step).
///
/// Coordinates arrive in frame pixels (the `jsonl` contract and `/scene.json`); the page maps them to
/// CSS pixels with the rules of `ViewTransform` (rotate clockwise, mirror, then aspect-fit and centre),
/// again on every resize or rotation. Payloads are only ever put into the page with `textContent` or
/// drawn on the canvas, so a code that carries `<script>` shows as text.
enum LivePage {
    static let html = #"""
<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>track · live view</title>
<style>
  html, body { margin: 0; height: 100%; background: #111; color: #eee; font: 14px/1.4 system-ui, sans-serif; }
  body { display: flex; flex-direction: column; }
  header { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; padding: 6px 10px; background: #222; }
  header .stat { font-variant-numeric: tabular-nums; }
  #progress { font-weight: bold; font-size: 18px; }
  button:disabled { opacity: 0.4; }
  button { font: inherit; padding: 4px 12px; border-radius: 4px; border: 1px solid #666; background: #333; color: #eee; }
  main { flex: 1; display: flex; min-height: 0; }
  #stage { position: relative; flex: 1; min-width: 0; }
  #frame, #overlay { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
  #frame { object-fit: contain; }
  #frame:not([src]) { visibility: hidden; }
  aside { width: 300px; overflow: auto; background: #1a1a1a; padding: 6px 10px; }
  @media (max-width: 700px), (orientation: portrait) { main { flex-direction: column; } aside { width: auto; max-height: 35vh; } }
  #codes { list-style: none; margin: 0; padding: 0; }
  #codes li { padding: 4px 0; border-bottom: 1px solid #333; }
  #codes .payload { font-family: ui-monospace, monospace; word-break: break-all; color: #7f7; }
  #codes .rejected .payload { color: #f77; text-decoration: line-through; }
  #codes .times { color: #999; font-size: 12px; }
  .legend span { margin-right: 8px; }
  #station h2 { font-size: 16px; margin: 4px 0; } #station h3 { font-size: 14px; margin: 10px 0 4px; color: #bbb; }
  #pallet-codes, #pallets { list-style: none; margin: 0; padding: 0; }
  #pallet-codes li { font-family: ui-monospace, monospace; word-break: break-all; color: #7f7; }
  #pallet-codes li.unexpected { color: #fa0; }
  #pallet-missing { color: #f77; font-family: ui-monospace, monospace; word-break: break-all; }
  #pallets li { padding: 3px 0; border-bottom: 1px solid #333; }
  #pallets .status { font-weight: bold; }
  #pallets .complete .status { color: #0f4; } #pallets .short .status { color: #f55; } #pallets .over .status { color: #fa0; }
  #pallets .discrepancy { color: #fa0; font-size: 12px; word-break: break-all; } #pallets .exact { color: #0f4; font-size: 12px; }
</style></head>
<body>
<header>
  <span id="progress">0 codes</span>
  <span class="stat" id="fps">– fps</span>
  <span class="stat" id="latency">latency –</span>
  <span id="state">connecting…</span>
  <button id="pause">Pause</button><button id="resume">Resume</button>
  <button id="clear">Clear</button><button id="snapshot">Snapshot</button><button id="next" hidden>Next pallet</button>
</header>
<main>
  <div id="stage"><img id="frame" alt="live frame"><canvas id="overlay"></canvas></div>
  <aside>
    <section id="station" hidden>
      <h2 id="pallet-head">waiting for a pallet</h2>
      <ul id="pallet-codes"></ul><div id="pallet-missing"></div>
      <h3>Latest pallets</h3><ol id="pallets"></ol>
    </section>
    <div class="legend"><span style="color:#0f4">■ decoded</span><span style="color:#fd0">┅ located</span><span style="color:#f33">■ rejected</span><span style="color:#f0f">□ overlay</span></div>
    <ol id="codes"></ol>
  </aside>
</main>
<script>
"use strict";
const params = new URLSearchParams(location.search);
const token = params.get("token");
const rotation = [0, 90, 180, 270].includes(Number(params.get("rotate"))) ? Number(params.get("rotate")) : 0;
const mirrored = params.get("mirror") === "1";
const withToken = (path) => token ? path + (path.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token) : path;
const $ = (id) => document.getElementById(id);
const stage = $("stage"), canvas = $("overlay"), img = $("frame");
let scene = null, frame = null, finished = false, shownFrame = null;
const recentFrames = new Map();  // frame number -> frame event, the last 120: outlines match the picture shown
const codes = new Map();  // key: symbology + payload -> {id, symbology, text, first, last, rejected}
const frameTimes = [];

// ViewTransform (Sources/BarcodeTracking/View): rotate clockwise, mirror, then aspect-fit and centre.
function viewTransform(fw, fh, vw, vh) {
  const sw = rotation % 180 ? fh : fw, sh = rotation % 180 ? fw : fh;
  const s = Math.min(vw / sw, vh / sh);
  return { fw, fh, sw, s, tx: (vw - sw * s) / 2, ty: (vh - sh * s) / 2 };
}
function viewPoint(t, x, y) {
  let r;
  switch (rotation) {
    case 90: r = [t.fh - y, x]; break;
    case 180: r = [t.fw - x, t.fh - y]; break;
    case 270: r = [y, t.fw - x]; break;
    default: r = [x, y];
  }
  if (mirrored) r[0] = t.sw - r[0];
  return [r[0] * t.s + t.tx, r[1] * t.s + t.ty];
}
function quadPath(ctx, t, quad) {
  ctx.beginPath();
  quad.forEach(([x, y], i) => { const [vx, vy] = viewPoint(t, x, y); i ? ctx.lineTo(vx, vy) : ctx.moveTo(vx, vy); });
  ctx.closePath();
}
function rectPath(ctx, t, r) {
  quadPath(ctx, t, [[r.x, r.y], [r.x + r.width, r.y], [r.x + r.width, r.y + r.height], [r.x, r.y + r.height]]);
}

function render() {
  const dpr = window.devicePixelRatio || 1, w = stage.clientWidth, h = stage.clientHeight;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr); canvas.height = Math.round(h * dpr);
  }
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  const r = stage.getBoundingClientRect();
  document.body.dataset.stage = [r.left, r.top, r.width, r.height].map(Math.round).join(",");
  document.body.dataset.rendered = frame ? String(frame.frame) : "";
  if (!scene || w === 0 || h === 0) return;
  const t = viewTransform(scene.width, scene.height, w, h);
  ctx.lineWidth = 1.5; ctx.setLineDash([6, 4]); ctx.strokeStyle = "rgba(80,180,255,0.9)";
  rectPath(ctx, t, scene.scanArea); ctx.stroke();
  const sel = scene.selection;
  if (sel && sel.rectangle) { rectPath(ctx, t, sel.rectangle); ctx.stroke(); }
  if (sel && sel.circle) {
    const [cx, cy] = viewPoint(t, sel.circle.x, sel.circle.y);
    ctx.beginPath(); ctx.arc(cx, cy, sel.circle.radius * t.s, 0, 2 * Math.PI); ctx.stroke();
  }
  ctx.setLineDash([]);
  const [px, py] = viewPoint(t, scene.pointOfInterest[0], scene.pointOfInterest[1]);
  ctx.beginPath(); ctx.moveTo(px - 10, py); ctx.lineTo(px + 10, py); ctx.moveTo(px, py - 10); ctx.lineTo(px, py + 10); ctx.stroke();
  if (!frame) return;
  for (const track of frame.tracks) {
    const decoded = track.data !== undefined || track.bytes !== undefined;
    const color = track.rejected ? "#ff3030" : decoded ? "#00ff40" : "#ffd000";
    ctx.strokeStyle = color; ctx.fillStyle = color;
    // Predicted outline: thin and dotted, where the track is expected next.
    ctx.lineWidth = 1; ctx.setLineDash([2, 3]); ctx.globalAlpha = 0.7;
    quadPath(ctx, t, track.predicted); ctx.stroke();
    ctx.globalAlpha = 1;
    // Measured outline: solid when decoded or rejected, dashed when only located; faint when only predicted.
    ctx.lineWidth = 3; ctx.setLineDash(decoded || track.rejected ? [] : [8, 5]);
    if (track.state !== "tracked") ctx.globalAlpha = 0.5;
    quadPath(ctx, t, track.quad); ctx.stroke();
    ctx.globalAlpha = 1; ctx.setLineDash([]);
    if (track.overlay) { ctx.strokeStyle = "#ff00ff"; ctx.lineWidth = 2; rectPath(ctx, t, track.overlay); ctx.stroke(); }
    const [lx, ly] = viewPoint(t, track.quad[0][0], track.quad[0][1]);
    const label = "#" + track.id + (decoded ? " " + payloadText(track) : "");
    ctx.font = "13px ui-monospace, monospace";
    ctx.fillStyle = "rgba(0,0,0,0.7)"; ctx.fillRect(lx, ly - 18, Math.min(ctx.measureText(label).width + 6, 400), 16);
    ctx.fillStyle = color; ctx.fillText(label, lx + 3, ly - 6, 394);
  }
}
// The MJPEG stream, read with fetch so that each part's frame number is known and the last picture
// stays on screen when the stream ends; each JPEG is shown in the <img> as a blob URL.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
function indexOfBlankLine(bytes) {
  for (let i = 0; i + 3 < bytes.length; i++) {
    if (bytes[i] === 13 && bytes[i + 1] === 10 && bytes[i + 2] === 13 && bytes[i + 3] === 10) return i;
  }
  return -1;
}
function showPicture(bytes, number) {
  const previous = img.src;
  img.onload = () => {
    if (previous.startsWith("blob:")) URL.revokeObjectURL(previous);
    shownFrame = number;
    frame = recentFrames.get(number) || frame;
    scheduleRender();
  };
  img.src = URL.createObjectURL(new Blob([bytes], { type: "image/jpeg" }));
}
let streamDelay = 1000;
async function streamFrames() {
  while (!finished) {
    try {
      const response = await fetch(withToken("/stream.mjpeg"));
      if (!response.ok) {
        $("state").textContent = response.status === 503 ? "too many viewers; retrying" : "stream: " + response.status;
        await sleep(streamDelay); streamDelay = Math.min(streamDelay * 2, 8000); continue;
      }
      streamDelay = 1000;
      if (!finished && events && events.readyState === EventSource.OPEN) $("state").textContent = paused ? "paused" : "live";
      const reader = response.body.getReader();
      let buffer = new Uint8Array(0);
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const joined = new Uint8Array(buffer.length + value.length);
        joined.set(buffer); joined.set(value, buffer.length); buffer = joined;
        for (;;) {
          const end = indexOfBlankLine(buffer);
          if (end < 0) break;
          const head = new TextDecoder().decode(buffer.subarray(0, end));
          const length = /Content-Length:\s*(\d+)/i.exec(head), number = /X-Frame-Number:\s*(\d+)/i.exec(head);
          if (!length) { buffer = buffer.subarray(end + 4); continue; }
          const start = end + 4, size = Number(length[1]);
          if (buffer.length < start + size) break;
          showPicture(buffer.slice(start, start + size), number ? Number(number[1]) : null);
          buffer = buffer.subarray(start + size);
        }
      }
    } catch (error) { /* the stream ended or the server went away: retry unless finished */ }
    if (!finished) await sleep(1000);
  }
}
let renderQueued = false;
function scheduleRender() { if (!renderQueued) { renderQueued = true; requestAnimationFrame(() => { renderQueued = false; render(); }); } }

function payloadText(o) { return o.data !== undefined ? o.data : "<" + (o.bytes || "").length + " base64 chars>"; }
function keyOf(o) { return o.symbology + "\u0000" + payloadText(o); }
function clock(t) { return t === undefined ? "–" : t.toFixed(2) + " s"; }

function renderList() {
  const list = $("codes");
  list.replaceChildren();
  for (const code of [...codes.values()].sort((a, b) => a.first - b.first)) {
    const li = document.createElement("li");
    li.className = code.rejected ? "rejected" : "";
    const head = document.createElement("div");
    head.textContent = "#" + code.id + " " + code.symbology;
    const payload = document.createElement("div");
    payload.className = "payload"; payload.textContent = code.text;
    const times = document.createElement("div");
    times.className = "times"; times.textContent = "first " + clock(code.first) + " · last " + clock(code.last);
    li.append(head, payload, times);
    list.append(li);
  }
  const accepted = [...codes.values()].filter((c) => !c.rejected).length;
  $("progress").textContent = scene && scene.expected ? accepted + " of " + scene.expected : accepted + (accepted === 1 ? " code" : " codes");
  document.body.dataset.codes = String(accepted);
}

function onFrame(o) {
  recentFrames.set(o.frame, o);
  if (recentFrames.size > 120) recentFrames.delete(recentFrames.keys().next().value);
  frame = recentFrames.get(shownFrame) || o;
  const now = performance.now();
  frameTimes.push(now);
  while (frameTimes.length && now - frameTimes[0] > 2000) frameTimes.shift();
  let changed = false;
  for (const track of o.tracks) {
    if (track.data === undefined && track.bytes === undefined) continue;
    const code = codes.get(keyOf(track));
    if (code) {
      code.last = o.time; changed = true;
      if (track.rejected !== code.rejected) code.rejected = track.rejected;
    }
  }
  if (changed) renderListSoon();
  scheduleRender();
}
let listTimer = null;
function renderListSoon() { if (!listTimer) listTimer = setTimeout(() => { listTimer = null; renderList(); }, 250); }

function onEvent(o) {
  switch (o.type) {
    case "frame": onFrame(o); break;
    case "cleared": codes.clear(); renderList(); break;
    case "recognized":
      codes.set(keyOf(o), { id: o.id, symbology: o.symbology, text: payloadText(o), first: o.time, last: o.time, rejected: false });
      renderList(); break;
    case "summary":
      finished = true;
      for (const c of o.codes) {
        const code = codes.get(keyOf(c));
        if (code) { code.first = c.first; code.last = c.last; }
        else codes.set(keyOf(c), { id: c.id, symbology: c.symbology, text: payloadText(c), first: c.first, last: c.last, rejected: false });
      }
      renderList();
      $("state").textContent = "finished (" + o.reason + ", " + o.frames + " frames)";
      $("fps").textContent = "finished";
      // The job has ended: nothing left to pause, clear or snapshot.
      for (const id of ["pause", "resume", "clear", "snapshot", "next"]) $(id).disabled = true;
      events.close(); break;
    case "pallet":
      pallets.unshift(o); pallets.length = Math.min(pallets.length, 20); renderPallets(); break;
  }
}

// A pallet station (track station): the pallet in progress (palletProgress events) and the latest
// pallets (pallet lines, newest first), with their count status and manifest discrepancies.
const pallets = [];
function lineText(l) { return l.payload + (l.quantity > 1 ? " ×" + l.quantity : ""); }
function renderProgress(p) {
  const list = $("pallet-codes"), missing = $("pallet-missing");
  list.replaceChildren(); missing.textContent = "";
  if (p.pallet === null) { $("pallet-head").textContent = "waiting for a pallet"; document.body.dataset.pallet = ""; return; }
  $("pallet-head").textContent = "Pallet " + p.pallet + " · " + (p.expected !== null ? p.count + " of " + p.expected : p.count + (p.count === 1 ? " code" : " codes"));
  for (const c of p.codes) {
    const li = document.createElement("li");
    li.className = c.manifest === "unexpected" ? "unexpected" : "correct";
    li.textContent = c.symbology + " " + payloadText(c) + (c.manifest === "unexpected" ? " (not in the manifest)" : "");
    list.append(li);
  }
  if (p.manifest && p.manifest.missing.length) missing.textContent = "missing: " + p.manifest.missing.map(lineText).join(", ");
  document.body.dataset.pallet = String(p.pallet);
}
function renderPallets() {
  const list = $("pallets");
  list.replaceChildren();
  for (const p of pallets) {
    const li = document.createElement("li");
    li.className = p.status || "";
    li.dataset.pallet = String(p.pallet); li.dataset.status = p.status || "";
    const status = document.createElement("span");
    status.className = "status";
    status.textContent = p.status || (p.count + (p.count === 1 ? " code" : " codes"));
    const head = document.createElement("div");
    head.append("#" + p.pallet + " · " + (p.expected !== null ? p.count + " of " + p.expected + " · " : ""), status);
    li.append(head);
    if (p.manifest) {
      const m = document.createElement("div"), parts = [];
      if (p.manifest.unexpected.length) parts.push("unexpected: " + p.manifest.unexpected.map(lineText).join(", "));
      if (p.manifest.missing.length) parts.push("missing: " + p.manifest.missing.map(lineText).join(", "));
      m.className = parts.length ? "discrepancy" : "exact";
      m.textContent = parts.length ? parts.join(" · ") : "manifest: exact";
      li.append(m);
    }
    list.append(li);
  }
  document.body.dataset.pallets = String(pallets.length);
}

// The event stream. The browser reconnects an EventSource by itself only after a network error; a
// refusal (503 when the server is full, 401) closes it for good, so the page reopens it with backoff.
let events = null, eventsDelay = 1000, paused = false;
function openEvents() {
  events = new EventSource(withToken("/events"));
  events.onopen = () => {
    eventsDelay = 1000;
    codes.clear(); renderList();  // the server replays the codes since the last clear
    paused = false;  // and a paused event when the job is paused
    pallets.length = 0; renderPallets();  // and the latest pallets
    if (!finished) $("state").textContent = "live";
  };
  events.onmessage = (e) => onEvent(JSON.parse(e.data));
  events.addEventListener("paused", () => { paused = true; $("state").textContent = "paused"; });
  events.addEventListener("resumed", () => { paused = false; $("state").textContent = "live"; });
  events.addEventListener("cleared", () => { codes.clear(); renderList(); });
  events.addEventListener("palletProgress", (e) => renderProgress(JSON.parse(e.data)));
  events.addEventListener("stats", (e) => {
    const s = JSON.parse(e.data);
    $("latency").textContent = "latency p50 " + s.latencyP50.toFixed(1) + " ms";
  });
  events.onerror = () => {
    if (finished) return;
    if (events.readyState === EventSource.CLOSED) {
      $("state").textContent = "no event stream (server full?); retrying in " + Math.round(eventsDelay / 1000) + " s";
      setTimeout(() => { if (!finished) openEvents(); }, eventsDelay);
      eventsDelay = Math.min(eventsDelay * 2, 8000);
    } else {
      $("state").textContent = "reconnecting…";
    }
  };
}
openEvents();
setInterval(() => {
  const now = performance.now();
  while (frameTimes.length && now - frameTimes[0] > 2000) frameTimes.shift();
  const n = frameTimes.length, span = n > 1 ? (frameTimes[n - 1] - frameTimes[0]) / 1000 : 0;
  $("fps").textContent = finished ? "finished" : paused ? "paused" : (span > 0 ? ((n - 1) / span).toFixed(1) : "0") + " fps";
}, 500);

for (const action of ["pause", "resume", "clear", "next"]) {
  $(action).onclick = () => fetch(withToken("/" + action), { method: "POST" });
}
$("snapshot").onclick = () => window.open(withToken("/snapshot.png"), "_blank");
streamFrames();
fetch(withToken("/scene.json")).then((r) => r.json()).then((s) => {
  scene = s;
  if (s.station) { $("station").hidden = false; $("next").hidden = false; document.title = "track · " + s.station; }
  renderList(); scheduleRender();
});
new ResizeObserver(scheduleRender).observe(stage);
window.addEventListener("orientationchange", scheduleRender);
renderList();
</script>
</body></html>
"""#
}
