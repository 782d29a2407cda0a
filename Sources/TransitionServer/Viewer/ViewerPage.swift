/// The page `GET /viewer` serves (docs/viewer.md § The viewer page): HTML with its styles inline and
/// its script at `GET /viewer.js`, both compiled in, so the binary needs no files and the page
/// fetches nothing but the service's own API. It draws frames with `snapshot.svg`, so its pictures
/// follow the same rules by construction.
enum ViewerPage {
    /// Only its own script (a file of this origin: no inline script can run, so text injected into
    /// the page could not run either), inline styles, and requests to this origin
    /// (`connect-src 'self'`): the page cannot load or send anything elsewhere.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static let html = Array(#"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>transition-sim viewer</title>
<link rel="icon" href="data:,">
<style>
  body { font: 13px/1.4 -apple-system, "Helvetica Neue", Helvetica, Arial, sans-serif; margin: 0; color: #1c1c1e; background: #f2f2f7; }
  header, section { padding: 8px 16px; }
  header { background: #fff; border-bottom: 1px solid #d1d1d6; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
  h1 { font-size: 15px; margin: 0 12px 0 0; }
  h2 { font-size: 13px; margin: 0 0 6px; }
  main { display: flex; gap: 16px; padding: 16px; align-items: flex-start; flex-wrap: wrap; }
  #stage { background: #fff; border: 1px solid #d1d1d6; min-width: 320px; min-height: 200px; }
  #stage svg { display: block; }
  #stage polygon { pointer-events: visibleFill; cursor: pointer; }
  #stage text, #stage path { pointer-events: none; }
  #stage g.selected > polygon:first-child { stroke: #ff9500; stroke-width: 2; stroke-opacity: 1; }
  .panel { background: #fff; border: 1px solid #d1d1d6; padding: 8px 12px; }
  #side { flex: 1; min-width: 320px; display: flex; flex-direction: column; gap: 16px; }
  #inspector { max-height: 360px; overflow: auto; margin: 0; font: 11px/1.35 ui-monospace, Menlo, monospace; white-space: pre-wrap; }
  #controls { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
  #slider { flex: 1; min-width: 240px; }
  #time { font-variant-numeric: tabular-nums; min-width: 90px; }
  #lanes, #curve { display: block; width: 100%; background: #fff; border: 1px solid #d1d1d6; }
  #lanes circle { cursor: help; }
  #divergence-lane rect { cursor: pointer; }
  textarea { width: 100%; box-sizing: border-box; font: 11px ui-monospace, Menlo, monospace; }
  #message, #report-status.error, #lanes-note { color: #c7001e; }
  #lanes-note { margin: 4px 0 0; }
  #lanes-note:empty { display: none; }
  .legend span { display: inline-block; margin-right: 12px; }
  .swatch { display: inline-block; width: 10px; height: 10px; margin-right: 4px; vertical-align: -1px; }
</style>
</head>
<body>
<header>
  <h1>transition-sim viewer</h1>
  <label>Session <input id="session" size="34" placeholder="session id"></label>
  <button id="open">Open</button>
  <span id="message" role="status"></span>
</header>
<section id="controls" class="panel">
  <button id="play" title="Play (space)">Play</button>
  <label>Speed <select id="speed"><option value="1">×1</option><option value="0.25">×0.25</option><option value="0.1">×0.1</option></select></label>
  <button id="step-back" title="One frame back (←)">◀ frame</button>
  <button id="step-forward" title="One frame on (→)">frame ▶</button>
  <input id="slider" type="range" min="0" max="0" step="1" value="0" aria-label="Time">
  <span id="time">t = 0 s</span>
  <button id="first-divergence" title="The report's first divergence" disabled>First divergence</button>
</section>
<section class="panel">
  <svg id="lanes" height="96" aria-label="Phases, events and progress"></svg>
  <div class="legend" id="legend"></div>
  <p id="lanes-note" role="status"></p>
</section>
<main>
  <div id="stage" aria-label="The window"></div>
  <div id="side">
    <div class="panel"><h2>View <small>(click one in the window)</small></h2><pre id="inspector">—</pre></div>
    <div class="panel">
      <h2>Comparison report <small>(the answer of POST …/compare)</small></h2>
      <textarea id="report" rows="3" placeholder="{&quot;match&quot;: false, &quot;first&quot;: {…}, …, &quot;divergentTimes&quot;: […]}" aria-label="Comparison report"></textarea>
      <button id="show-report">Show report</button>
      <p id="report-status" role="status"></p>
    </div>
    <div class="panel">
      <h2>Timing curve</h2>
      <textarea id="timing" rows="3">"easeInOut"</textarea>
      <label>Duration (s) <input id="duration" value="0.35" size="6"></label>
      <button id="plot">Plot</button>
      <svg id="curve" height="180" aria-label="Value and velocity"></svg>
      <div class="legend"><span><i class="swatch" style="background:#007aff"></i>value</span><span><i class="swatch" style="background:#ff9500"></i>velocity (scaled)</span><span><i class="swatch" style="background:#8e8e93"></i>duration</span></div>
    </div>
    <div class="panel">
      <h2>Scenario</h2>
      <label>Session body<textarea id="scenario-body" rows="6">{"root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "first", "title": "First", "view": {"id": "root", "backgroundColor": "#ff3b30"}}]}}</textarea></label>
      <label>Actions (an array)<textarea id="scenario-actions" rows="4">[{"type": "push", "animator": "flipFromLeft", "viewController": {"id": "second", "title": "Second", "view": {"id": "root", "backgroundColor": "#007aff"}}}]</textarea></label>
      <button id="run">Run and watch</button>
    </div>
  </div>
</main>
<script src="/viewer.js"></script>
</body>
</html>
"""#.utf8)

    /// The page's script, `GET /viewer.js`.
    static let script = Array(#"""
"use strict";
const FPS = 60;
const DIVERGENCE_COLOUR = "#ff2d55"; // compare.svg's
// Longer than any report of the 240 frames a comparison holds; in the URL, the service allows 8,000 characters.
const REPORT_LIMIT = 100000;
const PHASE_COLOURS = { idle: "#e5e5ea", animating: "#34c759", interactive: "#007aff", finishing: "#5ac8fa", cancelling: "#ff9500", completed: "#c7c7cc", cancelled: "#ff3b30" };
const $ = (id) => document.getElementById(id);
const state = { session: null, start: 0, end: 1, frame: 0, frames: 0, playing: false, speed: 1, token: sessionStorage.getItem("transition-sim-token"), shown: null, selected: null, ticket: 0, busy: false, report: null };

// Every call to the service goes through here. At a 401 the page asks for the bearer token once
// (calls that failed with the token asked for meanwhile just try again with it).
async function api(path, options = {}) {
  const send = (token) => fetch(path, { ...options, headers: { ...(options.headers || {}), ...(token ? { Authorization: "Bearer " + token } : {}) } });
  const used = state.token;
  let response = await send(used);
  if (response.status === 401) {
    if (used === state.token) {
      const token = window.prompt("This service needs its bearer token (--auth-token):");
      if (token) {
        state.token = token;
        sessionStorage.setItem("transition-sim-token", token);
      }
    }
    if (state.token && state.token !== used) response = await send(state.token);
  }
  if (!response.ok) {
    let problem = {};
    try { problem = await response.json(); } catch (_) {}
    // The problem's type and Retry-After go with the error, for the callers that handle one.
    const error = new Error(problem.detail || response.status + " " + response.statusText);
    error.type = problem.type;
    error.retryAfter = Number(response.headers.get("Retry-After")) || 1;
    throw error;
  }
  return response;
}

const make = (tag, attributes, parent) => {
  const element = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attributes)) element.setAttribute(k, v);
  parent.appendChild(element);
  return element;
};
const say = (text) => { $("message").textContent = text || ""; };
const timeAt = (frame) => Math.round((state.start + frame / FPS) * 1e6) / 1e6;
const base = () => "/v1/sessions/" + encodeURIComponent(state.session);

async function open(id, t) {
  say("");
  state.session = id;
  $("session").value = id;
  const s = await (await api(base())).json();
  const tr = s.transition;
  state.start = s.historyStart || 0;
  const until = tr && tr.id ? (tr.completedAt != null ? tr.completedAt : tr.begin + tr.duration) : 0;
  // The report's times are in the range too, so that each divergence can be marked and shown.
  const divergent = state.report ? state.report.divergentTimes.reduce((a, b) => Math.max(a, b), 0) : 0;
  state.end = Math.max(s.time, until, state.start + 0.5, divergent) + 0.25;
  state.frames = Math.ceil((state.end - state.start) * FPS);
  $("slider").max = String(state.frames);
  const url = new URL(location.href);
  url.searchParams.set("session", id);
  history.replaceState(null, "", url);
  await Promise.all([lanes(), seek(t == null ? Math.round((s.time - state.start) * FPS) : Math.round((t - state.start) * FPS))]);
}

// `exact` draws that time rather than the frame's (a report's time need not fall on a frame).
async function seek(frame, exact) {
  state.frame = Math.max(0, Math.min(state.frames, frame));
  $("slider").value = String(state.frame);
  const t = exact == null ? timeAt(state.frame) : exact;
  $("time").textContent = "t = " + t.toFixed(3) + " s";
  moveCursor();
  await draw(t);
}

// The frame is the service's own snapshot.svg: the same drawing rules, nothing re-implemented here.
async function draw(t) {
  const ticket = ++state.ticket;
  state.busy = true;
  let text;
  try {
    text = await (await api(base() + "/snapshot.svg?precision=3&t=" + t)).text();
  } finally {
    state.busy = false;
  }
  if (ticket !== state.ticket) return;
  const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  $("stage").replaceChildren(document.importNode(svg, true));
  $("stage").dataset.time = String(t);
  state.shown = t;
  if (state.selected) await inspect(state.selected);
  const first = state.report && state.report.first;
  // Within a microsecond: the slider's times are rounded to that.
  if (first && Math.abs(t - first.time) < 1e-6) await outlineDivergence(first, t, ticket);
}

// The divergent view's window frame, outlined on top of the frame as compare.svg outlines it (the
// view's own shape may be hidden, transparent or clipped). A missing view is not in the frame.
async function outlineDivergence(first, t, ticket) {
  const shot = await (await api(base() + "/snapshot?flat=true&t=" + t)).json();
  if (ticket !== state.ticket) return;
  const view = shot.views.find((v) => first.path != null ? v.viewController === first.viewController && v.path === first.path : v.id === first.view);
  if (!view) return;
  const f = view.windowFrame;
  const rect = make("rect", { class: "divergence", x: f.x, y: f.y, width: f.width, height: f.height, fill: "none", stroke: DIVERGENCE_COLOUR, "stroke-width": 3 }, $("stage").querySelector("g.frame"));
  make("title", {}, rect).textContent = "first divergence: " + describe(first);
}

async function inspect(selected) {
  state.selected = selected;
  for (const g of $("stage").querySelectorAll("g.selected")) g.classList.remove("selected");
  const match = [...$("stage").querySelectorAll("g[data-path]")].find((g) =>
    (g.dataset.viewController || null) === selected.viewController && g.dataset.path === selected.path);
  if (match) match.classList.add("selected");
  const shot = await (await api(base() + "/snapshot?flat=true&t=" + state.shown)).json();
  const view = shot.views.find((v) => v.viewController === selected.viewController && v.path === selected.path);
  $("inspector").textContent = view ? JSON.stringify(view, null, 2) : "not in the window at this time";
}

// The JSON snapshots over the range for the phase and progress lanes: a frame each 1/60 s, at most
// 240, and no more than one request may compute. The service weighs a series before computing it
// (at most 30,000 views in all, the window's summed over the frames), so a window of many views
// is asked again at half the frames until they fit, and a series the service is too busy for is
// asked again after its Retry-After (three times). The lanes' note says when the lanes hold fewer
// frames, or none (docs/viewer.md § The viewer page).
async function laneSeries() {
  const most = Math.min(240, state.frames + 1);
  let count = most, waits = 0;
  for (;;) {
    const fps = (count - 1) / (state.end - state.start);
    try {
      const series = await (await api(base() + "/snapshots?precision=4&from=" + state.start + "&to=" + state.end + "&fps=" + fps)).json();
      $("lanes-note").textContent = count < most ? "Phases and progress at " + count + " times, not " + most
        + ": the window holds too many views for the service to compute " + most + " frames in one request." : "";
      return series.snapshots;
    } catch (error) {
      if (error.type === "/problems/work-budget-exceeded" && count > 2) {
        count = Math.max(2, Math.floor(count / 2));
      } else if (error.type === "/problems/busy" && waits < 3) {
        waits += 1;
        await new Promise((resolve) => setTimeout(resolve, 1000 * error.retryAfter));
      } else {
        $("lanes-note").textContent = "Phases and progress not shown: " + error.message;
        return [];
      }
    }
  }
}

// Phases and progress from the JSON snapshots over the range; events from /events.
async function lanes() {
  const [shots, log] = await Promise.all([laneSeries(), api(base() + "/events").then((r) => r.json())]);
  const lanesSVG = $("lanes");
  const width = lanesSVG.clientWidth || 800;
  const x = (t) => ((t - state.start) / (state.end - state.start)) * width;
  lanesSVG.replaceChildren();
  const phases = make("g", { id: "phase-lane" }, lanesSVG);
  shots.forEach((shot, i) => {
    const next = i + 1 < shots.length ? shots[i + 1].time : state.end;
    const phase = shot.transition.phase;
    // One point wider than the step, so that neighbours overlap instead of leaving hairline gaps.
    const rect = make("rect", { x: x(shot.time), y: 4, width: Math.max(1, x(next) - x(shot.time) + 1), height: 20, fill: PHASE_COLOURS[phase] || "#e5e5ea", "data-phase": phase }, phases);
    make("title", {}, rect).textContent = phase + " at " + shot.time.toFixed(3) + " s";
  });
  const events = make("g", { id: "event-lane" }, lanesSVG);
  // Events at (nearly) the same time are stacked in up to four rows so that each can be hovered.
  const stacked = new Map();
  for (const e of log.events) {
    const column = Math.round(x(e.time) / 6);
    const row = stacked.get(column) || 0;
    stacked.set(column, row + 1);
    const dot = make("circle", { cx: x(e.time), cy: 32 + 9 * (row % 4), r: 4, fill: e.type === "diagnostic" ? "#ff3b30" : "#5856d6", "data-seq": e.seq, "data-type": e.type }, events);
    const { seq, time, type, viewController, ...rest } = e;
    make("title", {}, dot).textContent = "#" + seq + " " + type + " " + (viewController || "") + " at " + time + " s " + JSON.stringify(rest);
  }
  const progress = shots.map((s) => x(s.time).toFixed(1) + "," + (92 - 22 * (s.transition.percentComplete || 0)).toFixed(1)).join(" ");
  make("polyline", { id: "progress-line", points: progress, fill: "none", stroke: "#007aff", "stroke-width": 1.5 }, lanesSVG);
  // A report's divergent times get a lane of their own under the others; a marker shows its time.
  const height = state.report ? 118 : 96;
  lanesSVG.setAttribute("height", height);
  if (state.report) {
    const marks = make("g", { id: "divergence-lane" }, lanesSVG);
    for (const t of state.report.divergentTimes) {
      const mark = make("rect", { x: x(t) - 1.5, y: 99, width: 3, height: 16, fill: DIVERGENCE_COLOUR, "data-time": t }, marks);
      make("title", {}, mark).textContent = "divergent at " + t + " s";
    }
  }
  make("line", { id: "cursor", x1: 0, x2: 0, y1: 0, y2: height, stroke: "#ff9500" }, lanesSVG);
  $("legend").innerHTML = Object.entries(PHASE_COLOURS).map(([p, c]) => '<span><i class="swatch" style="background:' + c + '"></i>' + p + "</span>").join("")
    + '<span><i class="swatch" style="background:#5856d6"></i>event (hover)</span><span><i class="swatch" style="background:#007aff"></i>percentComplete</span>'
    + (state.report ? '<span><i class="swatch" style="background:' + DIVERGENCE_COLOUR + '"></i>divergent (click)</span>' : "");
  moveCursor();
}

function moveCursor() {
  const cursor = $("cursor");
  if (!cursor) return;
  const width = $("lanes").clientWidth || 800;
  const px = (state.frame / Math.max(1, state.frames)) * width;
  cursor.setAttribute("x1", px);
  cursor.setAttribute("x2", px);
}

async function plot() {
  const timing = JSON.parse($("timing").value);
  const duration = Number($("duration").value);
  const times = [];
  for (let i = 0; i <= 200; i++) times.push((i / 200) * duration * 1.5);
  const body = JSON.stringify({ timing, duration, times });
  const r = await (await api("/v1/timing/sample", { method: "POST", headers: { "Content-Type": "application/json" }, body })).json();
  const svg = $("curve");
  const width = svg.clientWidth || 400, height = 180, pad = 10;
  const values = r.values, speeds = r.velocities;
  const low = Math.min(0, ...values), high = Math.max(1, ...values);
  const top = Math.max(1e-9, ...speeds.map(Math.abs));
  const x = (i) => pad + (i / 200) * (width - 2 * pad);
  const y = (v) => height - pad - ((v - low) / (high - low)) * (height - 2 * pad);
  const yv = (v) => y(low + ((v / top) * 0.5 + 0.5) * (high - low));
  const line = (f) => values.map((_, i) => x(i).toFixed(1) + "," + f(i).toFixed(1)).join(" ");
  const end = pad + (r.duration / (duration * 1.5)) * (width - 2 * pad);
  svg.innerHTML = '<line x1="' + end + '" x2="' + end + '" y1="0" y2="' + height + '" stroke="#8e8e93" stroke-dasharray="4 3"/>'
    + '<polyline id="value-line" fill="none" stroke="#007aff" stroke-width="2" points="' + line((i) => y(values[i])) + '"/>'
    + '<polyline id="velocity-line" fill="none" stroke="#ff9500" stroke-width="1.5" points="' + line((i) => yv(speeds[i])) + '"/>';
}

// A comparison report (docs/golden.md § The report), checked for what the page uses, so that text
// that is not one is said on the page and never reaches the drawing. Throws naming the member.
function readReport(text) {
  if (text.length > REPORT_LIMIT) throw new Error("it has " + text.length + " characters, more than the " + REPORT_LIMIT + " the viewer reads");
  let report;
  try { report = JSON.parse(text); } catch (error) { throw new Error("not JSON (" + error.message + ")"); }
  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  // Session times, as the API bounds them.
  const isTime = (v) => typeof v === "number" && v >= 0 && v <= 1e7;
  if (!isObject(report)) throw new Error("not a JSON object");
  if (typeof report.match !== "boolean") throw new Error("/match is not true or false");
  if (!Array.isArray(report.divergentTimes)) throw new Error("/divergentTimes is not an array");
  report.divergentTimes.forEach((t, i) => { if (!isTime(t)) throw new Error("/divergentTimes/" + i + " is not a time in seconds"); });
  const first = report.first;
  if (first === null) return report;
  if (!isObject(first)) throw new Error("/first is neither an object nor null");
  if (!isTime(first.time)) throw new Error("/first/time is not a time in seconds");
  for (const key of ["kind", "view", "viewController", "path", "property"]) {
    if (first[key] != null && typeof first[key] !== "string") throw new Error("/first/" + key + " is not a string");
  }
  return report;
}

// `things:cell-3/image windowFrame.width: expected 104.4, actual 101.6 (difference 2.8, tolerance 0.5)`,
// the view named as compare.svg's caption names it.
function describe(d) {
  const view = d.viewController != null ? d.viewController + ":" + (d.path || "") : d.view || "";
  if (d.property == null) return view + " " + d.kind;
  return view + " " + d.property + ": expected " + JSON.stringify(d.expected) + ", actual " + JSON.stringify(d.actual)
    + " (difference " + JSON.stringify(d.difference) + ", tolerance " + JSON.stringify(d.tolerance) + ")";
}

// Takes the report in `text` (none when blank); the lanes and the frame show it at the next open.
function useReport(text) {
  const status = $("report-status");
  state.report = null;
  status.classList.remove("error");
  status.textContent = "";
  if (text.trim()) {
    try {
      state.report = readReport(text);
      const r = state.report;
      status.textContent = (r.match ? "match" : "diverges") + " · " + r.divergentTimes.length + " divergent time(s)"
        + (r.first ? " · first at t = " + r.first.time + " s: " + describe(r.first) : "");
    } catch (error) {
      status.classList.add("error");
      status.textContent = "Not a comparison report: " + error.message;
    }
  }
  $("first-divergence").disabled = !(state.report && state.report.first);
}

async function runScenario() {
  const created = await (await api("/v1/sessions", { method: "POST", headers: { "Content-Type": "application/json" }, body: $("scenario-body").value })).json();
  await api("/v1/sessions/" + created.id + "/actions", { method: "POST", headers: { "Content-Type": "application/json" }, body: $("scenario-actions").value });
  await open(created.id, 0);
}

// Real speed times the chosen factor: the frame due now is drawn, and frames that come due while
// the previous one is still being fetched are skipped, as a video player drops frames.
function tick(now) {
  if (!state.playing) return;
  if (state.playStart == null) { state.playStart = now; state.playFrom = state.frame; }
  const due = Math.min(state.frames, state.playFrom + Math.floor(((now - state.playStart) / 1000) * state.speed * FPS));
  if (due >= state.frames) { pause(); seek(state.frames).catch(fail); return; }
  if (due !== state.frame && !state.busy) seek(due).catch(fail);
  requestAnimationFrame(tick);
}
function play() {
  if (state.frame >= state.frames) state.frame = 0;
  state.playing = true;
  state.playStart = null;
  $("play").textContent = "Pause";
  requestAnimationFrame(tick);
}
// A report's time exactly (it need not fall on a frame), the slider at the nearest frame.
function showTime(t) {
  pause();
  return seek(Math.round((t - state.start) * FPS), t);
}
function pause() { state.playing = false; $("play").textContent = "Play"; }
const fail = (error) => say(error.message);
const guard = (f) => (...args) => f(...args).catch(fail);

$("open").addEventListener("click", guard(() => open($("session").value.trim())));
$("play").addEventListener("click", () => (state.playing ? pause() : play()));
$("speed").addEventListener("change", () => { state.speed = Number($("speed").value); state.playStart = null; });
$("step-back").addEventListener("click", guard(async () => { pause(); await seek(state.frame - 1); }));
$("step-forward").addEventListener("click", guard(async () => { pause(); await seek(state.frame + 1); }));
$("slider").addEventListener("input", guard(async () => { pause(); await seek(Number($("slider").value)); }));
$("plot").addEventListener("click", guard(plot));
$("run").addEventListener("click", guard(runScenario));
$("show-report").addEventListener("click", guard(async () => {
  useReport($("report").value);
  if (state.session) await open(state.session, state.shown);
}));
$("first-divergence").addEventListener("click", guard(async () => {
  if (!state.session) throw new Error("Open the session the report compares first.");
  await showTime(state.report.first.time);
}));
$("lanes").addEventListener("click", guard(async (event) => {
  const mark = event.target.closest("#divergence-lane rect");
  if (mark) await showTime(Number(mark.dataset.time));
}));
$("stage").addEventListener("click", guard(async (event) => {
  const g = event.target.closest("g[data-path]");
  if (g) await inspect({ viewController: g.dataset.viewController || null, path: g.dataset.path });
}));
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, textarea, select")) return;
  if (event.key === " ") { event.preventDefault(); state.playing ? pause() : play(); }
  if (event.key === "ArrowLeft") $("step-back").click();
  if (event.key === "ArrowRight") $("step-forward").click();
});

const query = new URLSearchParams(location.search);
if (query.has("report")) {
  $("report").value = query.get("report");
  useReport(query.get("report"));
}
if (query.get("session")) guard(() => open(query.get("session"), query.has("t") ? Number(query.get("t")) : null))();
guard(plot)();
"""#.utf8)
}
