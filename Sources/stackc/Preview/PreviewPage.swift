// The preview page, embedded in the binary: HTML, styles and script. The
// page is a host of the runtime (host.md): it draws the render passes the
// server sends, keeps only the rows of the window in the DOM, and plays the
// frames the runtime sampled. Its test contract is in docs/preview.md.

enum PreviewPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>stackc preview</title>
        <link rel="stylesheet" href="/preview.css">
        </head>
        <body>
        <header>
          <strong id="title">stackc preview</strong>
          <label>device <select id="preset">
            <option value="320x568">iPhone SE (1st) 320×568</option>
            <option value="375x667">iPhone SE 375×667</option>
            <option value="390x844" selected>iPhone 15 390×844</option>
            <option value="430x932">iPhone 15 Pro Max 430×932</option>
            <option value="768x1024">iPad mini 768×1024</option>
            <option value="custom">custom…</option>
          </select></label>
          <label id="custom" hidden>w <input id="customWidth" type="number" min="40" max="4000" value="390">
            h <input id="customHeight" type="number" min="40" max="8000" value="844"></label>
          <label>zoom <select id="zoom"><option value="0.5">50%</option><option value="0.75">75%</option><option value="1" selected>100%</option><option value="1.5">150%</option></select></label>
        </header>
        <main>
          <section id="stage">
            <div id="device">
              <div id="screen" data-viewport="390x844" data-offset="0"><div id="content"></div></div>
              <pre id="diagnostics" hidden></pre>
            </div>
          </section>
          <aside>
            <h2>State</h2>
            <div id="state"></div>
            <h2>Row</h2>
            <div id="inspector">Hover a row.</div>
            <h2>Events</h2>
            <div id="events"></div>
          </aside>
        </main>
        <script src="/preview.js"></script>
        </body>
        </html>

        """

    static let styles = """
        * { box-sizing: border-box; }
        body { margin: 0; font: 13px -apple-system, system-ui, sans-serif; background: #ECECF0; color: #1C1C1E; }
        header { display: flex; gap: 16px; align-items: center; padding: 8px 16px; background: #fff; border-bottom: 1px solid #D1D1D6; }
        main { display: flex; gap: 16px; padding: 16px; align-items: flex-start; }
        #stage { flex: 0 0 auto; }
        #device { position: relative; transform-origin: top left; border: 10px solid #1C1C1E; border-radius: 28px; background: #000; overflow: hidden; }
        #screen { position: relative; z-index: 0; overflow: auto; background: #fff; scrollbar-width: none; overscroll-behavior: contain; touch-action: pan-y; }
        #screen::-webkit-scrollbar { display: none; }
        #content { position: relative; }
        #content > [data-row] { position: absolute; transform-origin: center; overflow: hidden; }
        #content > [data-row] > svg { position: absolute; overflow: visible; pointer-events: none; }
        #content > [data-row] > .separator { position: absolute; }
        #content > [data-row][data-kind="Image"] > .image { position: absolute; background: #E5E5EA; color: #8E8E93; display: flex; align-items: center; justify-content: center; font-size: 11px; }
        #content > [data-row][data-kind="View"] > .host { position: absolute; border: 1px dashed #AEAEB2; color: #8E8E93; display: flex; align-items: center; justify-content: center; font-size: 11px; }
        #content > [data-row].hover { outline: 1px solid #0A84FF; outline-offset: -1px; }
        #diagnostics { position: absolute; z-index: 1; left: 0; right: 0; bottom: 0; max-height: 60%; overflow: auto; margin: 0; padding: 10px; background: rgba(255, 240, 240, 0.96); color: #B00020; font: 11px ui-monospace, monospace; white-space: pre-wrap; border-top: 2px solid #B00020; }
        aside { flex: 1 1 320px; max-width: 460px; }
        aside h2 { font-size: 12px; text-transform: uppercase; color: #6E6E73; margin: 12px 0 6px; }
        #state label { display: flex; justify-content: space-between; gap: 8px; padding: 3px 0; }
        #inspector { font: 12px ui-monospace, monospace; white-space: pre; background: #fff; padding: 8px; border-radius: 6px; min-height: 3em; }
        #events { font: 12px ui-monospace, monospace; background: #fff; padding: 8px; border-radius: 6px; max-height: 320px; overflow: auto; }
        #events > div { white-space: nowrap; }
        #events > [data-event="emit"] { color: #0A84FF; font-weight: 600; }

        """

    static let script = #"""
        "use strict";
        // The preview's host: draws render passes, plays sampled frames, sends
        // scrolls, touches and state changes. No layout or curve is computed here.
        const screenEl = document.getElementById("screen");
        const contentEl = document.getElementById("content");
        const diagnosticsEl = document.getElementById("diagnostics");
        const stateEl = document.getElementById("state");
        const eventsEl = document.getElementById("events");
        const inspectorEl = document.getElementById("inspector");
        const drawn = new Map();          // data-row key → element
        let session = null;
        let viewport = { width: 390, height: 844 };
        let zoom = 1;
        let playing = null;               // the frames being played, if any
        let applyingOffset = false;       // a scroll the page made itself
        let scrollWanted = null, scrollBusy = false;
        let press = null;
        // Timings the browser tests read: the last tap's release → its first
        // frame drawn, and the last scroll event → its pass drawn (ms).
        const stats = window.previewStats = { tapToFrame: null, scrollToDrawn: [] };
        let releasedAt = null;

        async function post(path, body) {
          const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
          if (!response.ok) throw new Error(await response.text());
          return response.json();
        }

        function px(v) { return v + "px"; }
        function colour(hex) {            // "#rrggbbaa" → rgba()
          const n = parseInt(hex.slice(1), 16) >>> 0;
          return `rgba(${n >>> 24},${(n >>> 16) & 255},${(n >>> 8) & 255},${((n & 255) / 255).toFixed(3)})`;
        }
        function escapeXML(s) { return s.replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }

        // Text as the measurer measured it: each line of the layout's wrapping,
        // drawn at 0.5 × font per character (SVG textLength), lines 1.2 × font apart.
        function textSVG(text, box) {
          const font = text.font > 0 ? text.font : 17;
          let out = `<svg width="${box.width}" height="${box.height}" style="left:${px(box.left)};top:${px(box.top)}">`;
          text.lines.forEach((line, i) => {
            if (!line) return;
            const length = [...line].length * 0.5 * font;
            let x = 0;
            if (text.align === "center") x = Math.max(0, box.width - length) / 2;
            if (text.align === "trailing") x = Math.max(0, box.width - length);
            const bold = ["semibold", "bold", "heavy", "black"].includes(text.weight) ? ' font-weight="bold"' : "";
            out += `<text x="${x}" y="${i * 1.2 * font + font}" font-size="${font}" textLength="${length}" lengthAdjust="spacingAndGlyphs" fill="${colour(text.color)}"${bold}>${escapeXML(line)}</text>`;
          });
          return out + "</svg>";
        }

        function drawRow(row) {
          let el = drawn.get(row.key);
          if (!el) {
            el = document.createElement("div");
            el.dataset.row = row.key;
            el.addEventListener("mouseenter", () => inspect(el));
            el.addEventListener("mouseleave", () => el.classList.remove("hover"));
            contentEl.appendChild(el);
            drawn.set(row.key, el);
          }
          el.dataset.kind = row.kind;
          el.row = row;
          const [x, y, w, h] = row.frame;
          const s = el.style;
          s.left = px(x); s.top = px(y); s.width = px(w); s.height = px(h);
          s.opacity = row.alpha;
          s.transform = (row.dx || row.dy || row.scale !== 1) ? `translate(${row.dx}px,${row.dy}px) scale(${row.scale})` : "";
          s.zIndex = String(row.z * 1000 + row.depth);
          s.background = colour(row.background);
          el.classList.toggle("tappable", row.tappable);
          // Inner content, rebuilt only when what it shows changed.
          const box = row.content ? { left: row.content[0] - x, top: row.content[1] - y, width: row.content[2], height: row.content[3] } : { left: 0, top: 0, width: w, height: h };
          const signature = JSON.stringify([row.text, row.image, row.host, box, row.separator && [row.separator[0] - x, row.separator[1] - y, row.separator[2], row.separator[3]], row.separatorColor]);
          if (el.signature === signature) return;
          el.signature = signature;
          let inner = "";
          if (row.text) inner += textSVG(row.text, box);
          if (row.image) inner += `<div class="image" style="left:${px(box.left)};top:${px(box.top)};width:${px(box.width)};height:${px(box.height)}">${escapeXML(row.image)}</div>`;
          if (row.host) inner += `<div class="host" style="left:${px(box.left)};top:${px(box.top)};width:${px(box.width)};height:${px(box.height)}">${escapeXML(row.host)}</div>`;
          if (row.separator) {
            const [sx, sy, sw, sh] = row.separator;
            inner += `<div class="separator" style="left:${px(sx - x)};top:${px(sy - y)};width:${px(sw)};height:${px(sh)};background:${colour(row.separatorColor)}"></div>`;
          }
          el.innerHTML = inner;
        }

        // A pass: the rows of the window, drawn; the others leave the DOM.
        function render(pass) {
          if (!pass) return;
          const seen = new Set();
          for (const row of pass.rows) { drawRow(row); seen.add(row.key); }
          for (const [key, el] of drawn) if (!seen.has(key)) { el.remove(); drawn.delete(key); }
          contentEl.style.width = px(pass.contentWidth);
          contentEl.style.height = px(pass.contentHeight);
          screenEl.dataset.offset = String(pass.offset);
          const current = pass.axis === "vertical" ? screenEl.scrollTop : screenEl.scrollLeft;
          if (Math.abs(current - pass.offset) > 0.5 && !playing) {
            applyingOffset = true;
            if (pass.axis === "vertical") screenEl.scrollTop = pass.offset; else screenEl.scrollLeft = pass.offset;
          }
        }

        // Frames sampled by the runtime at 60 per second, played on the display's clock.
        function play(result) {
          log(result.events);
          if (result.state) showState(result.state);
          if (!result.frames || result.frames.length === 0) { render(result.pass); return Promise.resolve(); }
          return new Promise(done => {
            const start = performance.now();
            playing = result;
            const step = now => {
              if (playing !== result) return done();
              const k = Math.floor((now - start) / 1000 * 60);
              if (k >= result.frames.length) { playing = null; render(result.pass); return done(); }
              render(result.frames[k]);
              if (releasedAt !== null) { stats.tapToFrame = performance.now() - releasedAt; releasedAt = null; }
              requestAnimationFrame(step);
            };
            requestAnimationFrame(step);
          });
        }

        function log(events) {
          for (const event of events || []) {
            const line = document.createElement("div");
            line.dataset.event = event.kind;
            line.textContent = `${new Date().toLocaleTimeString()} ${event.text}`;
            eventsEl.appendChild(line);
          }
          while (eventsEl.children.length > 300) eventsEl.firstElementChild.remove();
          eventsEl.scrollTop = eventsEl.scrollHeight;
        }

        function inspect(el) {
          for (const other of contentEl.querySelectorAll(".hover")) other.classList.remove("hover");
          el.classList.add("hover");
          const row = el.row;
          const [x, y, w, h] = row.frame;
          let text = `${row.kind} ${row.key}\nframe   ${x}, ${y}, ${w} × ${h}`;
          if (row.content) {
            const [cx, cy, cw, ch] = row.content;
            const r = v => Math.round(v * 100) / 100;
            text += `\ninsets  ${r(cy - y)} ${r(x + w - cx - cw)} ${r(y + h - cy - ch)} ${r(cx - x)}`;
          }
          if (row.line) text += `\nsource  line ${row.line}`;
          if (row.tappable) text += "\ntappable";
          inspectorEl.textContent = text;
        }

        // A click on the inspector puts the row's source place in the log.
        inspectorEl.addEventListener("click", () => {
          const row = contentEl.querySelector(".hover")?.row;
          if (row && row.line) log([{ kind: "source", text: `${document.body.dataset.file}:${row.line}` }]);
        });

        function showDiagnostics(text) {
          diagnosticsEl.hidden = !text;
          diagnosticsEl.textContent = text || "";
        }

        function showState(slots) {
          for (const slot of slots) {
            let label = stateEl.querySelector(`[data-state="${CSS.escape(slot.name)}"]`);
            if (!label || label.dataset.type !== slot.type) {
              label?.remove();
              label = document.createElement("label");
              label.dataset.state = slot.name;
              label.dataset.type = slot.type;
              let control;
              if (slot.type === "bool") { control = document.createElement("input"); control.type = "checkbox"; }
              else if (slot.type === "enum") {
                control = document.createElement("select");
                for (const c of slot.cases) { const o = document.createElement("option"); o.value = c; o.textContent = c; control.appendChild(o); }
              } else { control = document.createElement("input"); control.type = slot.type === "number" ? "number" : "text"; }
              control.addEventListener("change", () => {
                const value = control.type === "checkbox" ? String(control.checked) : control.value;
                post(`/api/session/${session}/state`, { name: slot.name, value }).then(play).catch(e => showDiagnostics(e.message));
              });
              label.append(slot.name, control);
              stateEl.appendChild(label);
            }
            const control = label.lastElementChild;
            if (control.type === "checkbox") control.checked = slot.value === "true";
            else if (document.activeElement !== control) control.value = slot.type === "string" ? JSON.parse(slot.value) : slot.value;
          }
          for (const label of [...stateEl.children]) if (!slots.some(s => s.name === label.dataset.state)) label.remove();
        }

        function sizeDevice() {
          screenEl.style.width = px(viewport.width);
          screenEl.style.height = px(viewport.height);
          screenEl.dataset.viewport = `${viewport.width}x${viewport.height}`;
          document.getElementById("device").style.transform = zoom === 1 ? "" : `scale(${zoom})`;
        }

        // Scrolling: the page's offset is the session's; one request in flight.
        screenEl.addEventListener("scroll", () => {
          if (applyingOffset) { applyingOffset = false; return; }
          if (press) { post(`/api/session/${session}/cancel`, {}).then(r => render(r.pass)); press = null; }
          scrollWanted = screenEl.scrollTop || screenEl.scrollLeft;
          scrolledAt = performance.now();
          if (!scrollBusy) sendScroll();
        });
        let scrolledAt = null;
        async function sendScroll() {
          scrollBusy = true;
          while (scrollWanted !== null && session) {
            const offset = scrollWanted;
            scrollWanted = null;
            try {
              const result = await post(`/api/session/${session}/scroll`, { offset });
              log(result.events);
              if (result.frames.length) await play(result); else if (!playing) render(result.pass);
              if (scrolledAt !== null && scrollWanted === null) {
                stats.scrollToDrawn.push(performance.now() - scrolledAt);
                if (stats.scrollToDrawn.length > 1000) stats.scrollToDrawn.shift();
                scrolledAt = null;
              }
            } catch (e) { showDiagnostics(e.message); }
          }
          scrollBusy = false;
        }

        // Touches: press shows the highlight, release runs the actions.
        function point(event) {
          const rect = screenEl.getBoundingClientRect();
          return { x: (event.clientX - rect.left) / zoom, y: (event.clientY - rect.top) / zoom };
        }
        // The release (or cancel) is sent once the press has been answered:
        // sent at once, a quick tap's release could reach the server
        // first, find no press, and run nothing.
        let pressed = Promise.resolve();
        function afterPress(path) {
          const sent = pressed.then(() => post(`/api/session/${session}/${path}`, {}));
          pressed = sent.catch(() => {});
          return sent;
        }
        screenEl.addEventListener("pointerdown", event => {
          if (!session || event.button !== 0) return;
          const at = point(event);
          press = at;
          const sent = pressed.then(() => post(`/api/session/${session}/press`, at));
          pressed = sent.then(r => { if (!playing) render(r.pass); }).catch(() => {});
        });
        screenEl.addEventListener("pointermove", event => {
          if (!press) return;
          const p = point(event);
          if (Math.hypot(p.x - press.x, p.y - press.y) > 10) {
            press = null;
            afterPress("cancel").then(r => { if (!playing) render(r.pass); });
          }
        });
        screenEl.addEventListener("pointerup", () => {
          if (!press) return;
          press = null;
          releasedAt = performance.now();
          afterPress("release").then(play).catch(e => showDiagnostics(e.message));
        });
        screenEl.addEventListener("pointercancel", () => {
          if (!press) return;
          press = null;
          afterPress("cancel").then(r => render(r.pass));
        });

        // Device presets, custom sizes and zoom.
        const preset = document.getElementById("preset");
        function chosenViewport() {
          if (preset.value === "custom") {
            return { width: Number(document.getElementById("customWidth").value), height: Number(document.getElementById("customHeight").value) };
          }
          const [w, h] = preset.value.split("x").map(Number);
          return { width: w, height: h };
        }
        async function changeViewport() {
          document.getElementById("custom").hidden = preset.value !== "custom";
          viewport = chosenViewport();
          sizeDevice();
          if (session) play(await post(`/api/session/${session}/viewport`, viewport));
        }
        preset.addEventListener("change", changeViewport);
        document.getElementById("customWidth").addEventListener("change", changeViewport);
        document.getElementById("customHeight").addEventListener("change", changeViewport);
        document.getElementById("zoom").addEventListener("change", e => { zoom = Number(e.target.value); sizeDevice(); });

        // Start: a session of our own, and the stream the server reloads through.
        async function start() {
          const query = new URLSearchParams(location.search);
          if (query.has("viewport")) {
            const [w, h] = query.get("viewport").split("x").map(Number);
            if (w > 0 && h > 0) { viewport = { width: w, height: h }; preset.value = "custom"; document.getElementById("customWidth").value = w; document.getElementById("customHeight").value = h; document.getElementById("custom").hidden = false; }
          } else viewport = chosenViewport();
          sizeDevice();
          const created = await post("/api/session", viewport);
          session = created.session;
          document.body.dataset.file = created.file;
          document.getElementById("title").textContent = `${created.screen || "stackc preview"} — ${created.file}`;
          showState(created.state);
          showDiagnostics(created.diagnostics);
          render(created.pass);
          const stream = new EventSource(`/api/events?session=${session}`);
          stream.onmessage = message => {
            const data = JSON.parse(message.data);
            if (data.type === "reload") {
              showDiagnostics(data.diagnostics);
              showState(data.state);
              playing = null;
              render(data.pass);
              log([{ kind: "reload", text: "reloaded" }]);
            } else if (data.type === "diagnostics") {
              showDiagnostics(data.diagnostics);
              log([{ kind: "diagnostics", text: "the file has errors; showing the last good screen" }]);
            }
          };
          document.body.dataset.ready = "true";
        }
        start().catch(e => showDiagnostics(String(e)));

        """#
}
