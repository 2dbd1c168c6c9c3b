import ChatPayloads
import Foundation
import JSONCore

/// The playground page `chatpayloads serve` answers `GET /` with: one self-contained HTML document
/// (styles and script inline, nothing fetched from elsewhere) that calls the server's `/v1/` API.
///
/// What it does: an editor with a line-number gutter (each line an element `.ln[data-line=N]`;
/// a line with an error gets the class `error` and `data-severity="error"`, a warning `warning`),
/// schema and profile pickers, the verdict in an `aria-live` region (`#verdict`, its state in
/// `data-verdict`: `idle`, `valid`, `invalid`, `unreadable`, `schema-error`, `error`), results as
/// you type (`POST /v1/validate`, debounced 300 ms, the request in flight aborted when a newer one
/// starts), the canonical form (`POST /v1/normalize`) and the record form
/// (`POST /v1/convert?to=record`) in keyboard-operable tabs, and "copy as NDJSON / curl" helpers.
/// The profile picker opens on the server's default profile. A pasted top-level array is sent as
/// `format=json-array` (each element a payload; to normalize and convert as NDJSON, one element a
/// line). A problem's location button turns the server's column (Unicode scalars) into the
/// editor's offset (UTF-16 code units), so the caret lands right on lines with emoji.
/// Server text reaches the page through `textContent` only. `Tests/Serve/browser_test.py` drives
/// it in headless Chromium.
package enum PlaygroundPage {
    /// The page of a server whose default profile is standard.
    package static var html: String { html(defaultProfile: .standard) }

    /// The page's HTML, served as `text/html; charset=utf-8`, its profile picker opening on
    /// `defaultProfile` (the server's `--profile`, else its config's), so the page's first
    /// verdict is the one the API gives without a `profile` parameter.
    package static func html(defaultProfile: ProfileName) -> String {
        let options = ProfileName.allCases.map { name in
            let selected = name == defaultProfile ? " selected" : ""
            return "        <option value=\"\(name.rawValue)\"\(selected)>\(name.rawValue) (\(pickerNote(name)))</option>"
        }
        // The API's wording of an `auto` issue, which the page says in terms of its own controls.
        let apiAuto = JSONWriter.string(.object(JSONObject([
            .init(key: "option", value: .string(PlaygroundService.autoOption)), .init(key: "advice", value: .string(PlaygroundService.autoAdvice)),
        ])), options: .canonical)
        return template
            .replacingOccurrences(of: "        <!--profile-options-->", with: options.joined(separator: "\n"))
            .replacingOccurrences(of: "/*api-auto*/null", with: apiAuto)
    }

    /// What a profile's picker entry says after its name.
    private static func pickerNote(_ name: ProfileName) -> String {
        switch name {
        case .compat: return "what the SDKs decode"
        case .standard: return "the published schemas"
        case .strict: return "formats, closed objects"
        }
    }

    /// The page, its profile options at `<!--profile-options-->`.
    private static let template: String = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'">
        <link rel="icon" href="data:,">
        <title>ChatPayloads playground</title>
        <style>
        :root {
          --bg: #ffffff; --fg: #1b1f24; --muted: #57606a; --panel: #f6f8fa; --border: #d0d7de;
          --accent: #0b5cad; --error: #b3261e; --error-bg: rgba(179, 38, 30, 0.13);
          --warn: #8a5a00; --warn-bg: rgba(191, 135, 0, 0.18); --ok: #1a7f37; --ok-bg: #dafbe1; --on-mark: #ffffff;
          --line: 21px; --pad: 8px;
          color-scheme: light dark;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #0d1117; --fg: #e6edf3; --muted: #9aa4ae; --panel: #161b22; --border: #3d444d;
            --accent: #58a6ff; --error: #ff7b72; --error-bg: rgba(255, 123, 114, 0.16);
            --warn: #d29922; --warn-bg: rgba(210, 153, 34, 0.2); --ok: #3fb950; --ok-bg: rgba(63, 185, 80, 0.15); --on-mark: #0d1117;
          }
        }
        * { box-sizing: border-box; }
        html, body { margin: 0; background: var(--bg); color: var(--fg); }
        body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
        header, main, footer { max-width: 1280px; margin: 0 auto; padding: 0 16px; }
        header { padding-top: 12px; }
        h1 { font-size: 1.35rem; margin: 0 0 4px; }
        h2 { font-size: 1.05rem; margin: 0 0 8px; }
        header p { margin: 0 0 12px; color: var(--muted); }
        code, pre, textarea, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .controls { display: flex; flex-wrap: wrap; gap: 12px 20px; align-items: end; margin-bottom: 12px; }
        .field { display: flex; flex-direction: column; gap: 4px; min-width: 0; }
        .field label, .label { font-weight: 600; font-size: 0.9rem; }
        select, button { font: inherit; color: inherit; }
        select { min-width: 11rem; max-width: 100%; padding: 6px 8px; border: 1px solid var(--border); border-radius: 6px; background: var(--panel); }
        button { padding: 6px 12px; border: 1px solid var(--border); border-radius: 6px; background: var(--panel); cursor: pointer; }
        button:hover { border-color: var(--accent); }
        .layout { display: grid; grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); gap: 16px; align-items: start; }
        .pane { min-width: 0; }
        .pane > .label { display: block; margin-bottom: 4px; }
        .editor { display: flex; height: min(64vh, 600px); min-height: 240px; border: 1px solid var(--border); border-radius: 6px; overflow: hidden; background: var(--bg); font-size: 14px; line-height: var(--line); }
        .editor:focus-within { outline: 3px solid var(--accent); outline-offset: 2px; }
        .gutter { flex: none; min-width: 3.2em; overflow: hidden; background: var(--panel); border-right: 1px solid var(--border); color: var(--muted); text-align: right; user-select: none; }
        .gutter-lines, .marks-lines { padding-top: var(--pad); will-change: transform; }
        .ln { height: var(--line); padding: 0 8px 0 6px; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-variant-numeric: tabular-nums; }
        .ln.error { background: var(--error); color: var(--on-mark); font-weight: 700; }
        .ln.warning { background: var(--warn); color: var(--on-mark); font-weight: 700; }
        .code { position: relative; flex: 1; min-width: 0; }
        .marks { position: absolute; inset: 0; overflow: hidden; pointer-events: none; }
        .marks-lines { position: relative; }
        .mark { position: absolute; left: 0; right: 0; height: var(--line); border-left: 3px solid var(--error); background: var(--error-bg); }
        .mark.warning { border-left-color: var(--warn); background: var(--warn-bg); }
        .mark-note { position: absolute; right: 6px; top: 0; line-height: var(--line); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 12px; font-style: italic; color: var(--error); opacity: 0.9; }
        .mark.warning .mark-note { color: var(--warn); }
        .editor textarea { position: relative; display: block; width: 100%; height: 100%; margin: 0; border: 0; padding: var(--pad); background: transparent; color: var(--fg); font-size: 14px; line-height: var(--line); resize: none; white-space: pre; overflow: auto; tab-size: 2; outline: none; }
        .verdict { display: flex; gap: 8px; align-items: baseline; padding: 10px 12px; border-radius: 6px; border-left: 6px solid var(--border); background: var(--panel); font-weight: 600; min-height: 2.9em; overflow-wrap: anywhere; }
        .verdict[data-verdict="valid"] { border-left-color: var(--ok); background: var(--ok-bg); }
        .verdict[data-verdict="invalid"], .verdict[data-verdict="unreadable"], .verdict[data-verdict="schema-error"], .verdict[data-verdict="error"] { border-left-color: var(--error); background: var(--error-bg); }
        .busy { font-size: 0.85rem; color: var(--muted); min-height: 1.3em; margin: 4px 0; }
        [role="tablist"] { display: flex; flex-wrap: wrap; gap: 4px; border-bottom: 1px solid var(--border); margin-top: 4px; }
        [role="tab"] { border: 1px solid transparent; border-bottom: 0; border-radius: 6px 6px 0 0; background: transparent; padding: 6px 12px; margin-bottom: -1px; color: var(--muted); }
        [role="tab"][aria-selected="true"] { border-color: var(--border); background: var(--bg); color: var(--fg); font-weight: 600; box-shadow: inset 0 3px 0 var(--accent); }
        [role="tabpanel"] { padding: 10px 2px; }
        [role="tabpanel"][hidden] { display: none; }
        .problems { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
        .problem { display: flex; gap: 10px; align-items: flex-start; padding: 8px 10px; border: 1px solid var(--border); border-left: 4px solid var(--error); border-radius: 6px; }
        .problem.warning { border-left-color: var(--warn); }
        .problem .loc { flex: none; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.85rem; padding: 2px 8px; }
        .problem .body { min-width: 0; }
        .problem .msg { margin: 0 0 4px; overflow-wrap: anywhere; }
        .problem .meta { margin: 0; font-size: 0.85rem; color: var(--muted); overflow-wrap: anywhere; }
        .problem .meta code { color: var(--fg); }
        .badge { display: inline-block; font-size: 0.75rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.03em; padding: 0 6px; border-radius: 999px; border: 1px solid currentColor; margin-right: 6px; }
        .note { color: var(--muted); margin: 0; }
        pre.output { margin: 0; padding: 10px; max-height: 56vh; overflow: auto; background: var(--panel); border: 1px solid var(--border); border-radius: 6px; font-size: 13px; white-space: pre; }
        pre.output:empty { display: none; }
        .share { margin: 16px auto 0; }
        .share .buttons { display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 8px; }
        .share textarea { width: 100%; min-height: 6.5em; padding: 8px; font-size: 13px; border: 1px solid var(--border); border-radius: 6px; background: var(--panel); color: var(--fg); white-space: pre; overflow: auto; }
        footer { margin-top: 20px; padding-bottom: 20px; color: var(--muted); font-size: 0.85rem; }
        p code { overflow-wrap: anywhere; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        @media (max-width: 760px) {
          .layout { grid-template-columns: minmax(0, 1fr); }
          .editor { height: 46vh; }
          .mark-note { display: none; }
          .controls .field { flex: 1 1 9rem; }
          select { min-width: 0; width: 100%; }
          header, main, footer { padding: 0 10px; }
        }
        </style>
        </head>
        <body>
        <header>
          <h1>ChatPayloads playground</h1>
          <p>Paste a chat payload (user, channel, member, message, message action; JSON, a JSON array of payloads, or NDJSON one per line) and see what the validator makes of it as you type.</p>
        </header>
        <main>
          <noscript><p>The live checks need JavaScript. Without it, use the API: <code>curl -X POST --data-binary @payload.json 'http://THIS-SERVER/v1/validate?schema=auto&amp;profile=standard'</code></p></noscript>
          <div class="controls" id="controls">
            <div class="field">
              <label for="schema">Schema</label>
              <select id="schema" name="schema">
                <option value="auto" selected>auto (by shape)</option>
                <option value="user">user</option>
                <option value="channel">channel</option>
                <option value="message">message</option>
                <option value="member">member</option>
                <option value="message-action">message-action</option>
                <option value="react-user">react-user</option>
                <option value="react-channel">react-channel</option>
                <option value="react-message">react-message</option>
              </select>
            </div>
            <div class="field">
              <label for="profile">Profile</label>
              <select id="profile" name="profile">
                <!--profile-options-->
              </select>
            </div>
            <div class="field">
              <label for="example">Load an example</label>
              <select id="example" name="example">
                <option value="">(choose one)</option>
                <option value="message-invalid">message with two errors</option>
                <option value="message">valid message</option>
                <option value="user-compat">user valid under compat only</option>
                <option value="member">valid member</option>
              </select>
            </div>
          </div>
          <div class="layout">
            <section class="pane" aria-label="Editor">
              <label class="label" for="payload">Payload</label>
              <div class="editor" id="editor">
                <div class="gutter" aria-hidden="true"><div class="gutter-lines" id="gutter"></div></div>
                <div class="code">
                  <div class="marks" aria-hidden="true"><div class="marks-lines" id="marks"></div></div>
                  <textarea id="payload" name="payload" wrap="off" spellcheck="false" autocomplete="off" autocapitalize="off" aria-describedby="verdict"></textarea>
                </div>
              </div>
            </section>
            <section class="pane" aria-label="Results">
              <div class="verdict" id="verdict" role="status" aria-live="polite" aria-atomic="true" data-verdict="idle">Paste a payload to check it.</div>
              <div class="busy" id="busy" aria-hidden="true"></div>
              <div role="tablist" aria-label="Results" id="tabs">
                <button type="button" role="tab" id="tab-problems" aria-controls="panel-problems" aria-selected="true" tabindex="0" data-view="problems">Problems</button>
                <button type="button" role="tab" id="tab-canonical" aria-controls="panel-canonical" aria-selected="false" tabindex="-1" data-view="canonical">Canonical form</button>
                <button type="button" role="tab" id="tab-record" aria-controls="panel-record" aria-selected="false" tabindex="-1" data-view="record">Record form</button>
              </div>
              <div role="tabpanel" id="panel-problems" aria-labelledby="tab-problems" tabindex="0">
                <p class="note" id="problems-note">No problems.</p>
                <ol class="problems" id="problems"></ol>
              </div>
              <div role="tabpanel" id="panel-canonical" aria-labelledby="tab-canonical" tabindex="0" hidden>
                <p class="note" id="canonical-note">The canonical form (<code>chatpayloads normalize</code>): keys sorted, native dates, defaults written, unknown members dropped.</p>
                <pre class="output" id="canonical-output"></pre>
              </div>
              <div role="tabpanel" id="panel-record" aria-labelledby="tab-record" tabindex="0" hidden>
                <p class="note" id="record-note">The record form (<code>chatpayloads convert --to record</code>): the rows an app stores.</p>
                <pre class="output" id="record-output"></pre>
              </div>
            </section>
          </div>
          <section class="share" aria-labelledby="share-heading">
            <h2 id="share-heading">Take it elsewhere</h2>
            <div class="buttons">
              <button type="button" id="copy-ndjson">Copy as NDJSON</button>
              <button type="button" id="copy-curl">Copy as curl</button>
            </div>
            <label class="label" for="share-output">Copied text</label>
            <textarea id="share-output" readonly wrap="off" spellcheck="false"></textarea>
            <p class="note" id="copy-status" role="status" aria-live="polite"></p>
          </section>
        </main>
        <footer>
          <p>API: <code>POST /v1/validate?schema=NAME|auto&amp;profile=P&amp;format=json|ndjson|json-array</code>, <code>POST /v1/normalize</code>, <code>POST /v1/convert?to=record|payload</code>, <code>POST /v1/diff</code>, <code>GET /v1/schemas</code>; described in <a href="/openapi.json">/openapi.json</a>.</p>
        </footer>
        <script>
        (function () {
          'use strict';
          var byId = function (id) { return document.getElementById(id); };
          var editor = byId('payload'), gutter = byId('gutter'), marks = byId('marks');
          var verdict = byId('verdict'), busy = byId('busy');
          var schemaPicker = byId('schema'), profilePicker = byId('profile'), examplePicker = byId('example');
          var problems = byId('problems'), problemsNote = byId('problems-note');
          var shareOutput = byId('share-output'), copyStatus = byId('copy-status');
          var tabs = Array.prototype.slice.call(document.querySelectorAll('[role="tab"]'));
          var LINE = 21, DEBOUNCE_MS = 300;
          var timer = 0, lineCount = 0;
          var controllers = {};
          var stale = { canonical: true, record: true };
          var marked = new Map(), markedBefore = [];
          // How the API words an `auto` issue (its parameter, and its advice at the end).
          var API_AUTO = /*api-auto*/null;

          var EXAMPLES = {
            'message-invalid': '{\n  "id": "3f2b8c1e-9a4d-4e7b-8c2a-5d6e7f809a1c",\n  "contentType": "externalUrl",\n  "content": {\n    "url": "https://example.org/release-notes"\n  },\n  "createdAt": 1709650330000\n}\n',
            'message': '{\n  "id": "3F2B8C1E-9A4D-4E7B-8C2A-5D6E7F809A1B",\n  "text": "Here is the screenshot from this morning.",\n  "contentType": "imageUrl",\n  "content": {\n    "imageUrl": "https://cdn.example.org/uploads/screenshot-0305.png"\n  },\n  "custom": {\n    "thread": { "root": "b1e7c2d4-5f60-4a1b-9c2d-3e4f5a6b7c8d" }\n  },\n  "createdAt": "2024-03-05T14:52:10.456Z"\n}\n',
            'user-compat': '{\n  "id": "user-ana-lima",\n  "name": "Ana Lima",\n  "email": null,\n  "updated": "2024-03-05T14:48:00.123Z"\n}\n',
            'member': '{\n  "uuid": {\n    "id": "user-ana-lima",\n    "name": "Ana Lima",\n    "type": "moderator",\n    "eTag": "AZ3k9QpL2mB7xw",\n    "updated": "2024-03-05T14:48:00.123Z"\n  },\n  "channel": {\n    "id": "channel-support",\n    "name": "Support",\n    "type": "group"\n  },\n  "status": "active",\n  "custom": { "role": "owner", "muted": false },\n  "updated": "2024-03-05T15:00:00.000Z",\n  "eTag": "AcX81mQ0pZ"\n}\n'
          };

          function make(tag, className, text) {
            var node = document.createElement(tag);
            if (className) node.className = className;
            if (text !== undefined) node.textContent = String(text);
            return node;
          }

          // --- JSON text helpers (on the text itself: numbers keep every digit) ---------------
          function isSpace(c) { return c === ' ' || c === '\t' || c === '\n' || c === '\r'; }

          // Re-indents (indent: a string) or compacts (indent: '') one JSON text without parsing it
          // into numbers; top-level values one after another land on lines of their own.
          function reformat(text, indent) {
            var out = [], depth = 0, inString = false, escaped = false, i, c, j;
            var newline = function () { return indent ? '\n' + indent.repeat(depth) : ''; };
            for (i = 0; i < text.length; i++) {
              c = text[i];
              if (inString) {
                out.push(c);
                if (escaped) escaped = false; else if (c === '\\') escaped = true; else if (c === '"') inString = false;
                continue;
              }
              if (isSpace(c)) continue;
              if (depth === 0 && out.length > 0 && c !== ',' && c !== ']' && c !== '}' && c !== ':') {
                var last = out[out.length - 1];
                if (last.charAt(last.length - 1) === '}' || last.charAt(last.length - 1) === ']' || last === '"') out.push('\n');
              }
              if (c === '"') { inString = true; out.push(c); continue; }
              if (c === '{' || c === '[') {
                j = i + 1;
                while (j < text.length && isSpace(text[j])) j++;
                if (text[j] === (c === '{' ? '}' : ']')) { out.push(c + text[j]); i = j; continue; }
                depth++; out.push(c + newline()); continue;
              }
              if (c === '}' || c === ']') { depth = Math.max(0, depth - 1); out.push(newline() + c); continue; }
              if (c === ',') { out.push(',' + newline()); continue; }
              if (c === ':') { out.push(indent ? ': ' : ':'); continue; }
              out.push(c);
            }
            return out.join('');
          }

          // The elements of a top-level JSON array text, each as its own compact text.
          function arrayElements(compact) {
            var parts = [], depth = 0, inString = false, escaped = false, start = 1, i, c;
            for (i = 0; i < compact.length; i++) {
              c = compact[i];
              if (inString) {
                if (escaped) escaped = false; else if (c === '\\') escaped = true; else if (c === '"') inString = false;
                continue;
              }
              if (c === '"') inString = true;
              else if (c === '{' || c === '[') depth++;
              else if (c === '}' || c === ']') {
                depth--;
                if (depth === 0 && i > start) parts.push(compact.slice(start, i));
              } else if (c === ',' && depth === 1) { parts.push(compact.slice(start, i)); start = i + 1; }
            }
            return parts;
          }

          function parses(text) { try { JSON.parse(text); return true; } catch (e) { return false; } }

          // The API's format for the text: json-array for a top-level array (each element a
          // payload, as `validate --format json-array`), json for one document; ndjson when the
          // first line is a whole document on its own and more follows.
          function detectFormat(text) {
            var trimmed = text.trim();
            if (trimmed === '') return 'json';
            if (parses(trimmed)) return trimmed.charAt(0) === '[' ? 'json-array' : 'json';
            var lines = trimmed.split(/\r?\n/).filter(function (l) { return l.trim() !== ''; });
            if (lines.length > 1 && /^\s*[\[{]/.test(lines[0]) && parses(lines[0])) return 'ndjson';
            // An array with a mistake in it: read as an array, so each element is told apart
            // and the mistake is located in its element.
            return trimmed.charAt(0) === '[' ? 'json-array' : 'json';
          }

          function toNDJSON(text) {
            var trimmed = text.trim();
            if (trimmed === '') return '';
            if (detectFormat(trimmed) === 'ndjson') {
              return trimmed.split(/\r?\n/).filter(function (l) { return l.trim() !== ''; })
                .map(function (l) { return reformat(l, ''); }).join('\n') + '\n';
            }
            var compact = reformat(trimmed, '');
            if (compact.charAt(0) === '[' && parses(compact)) return arrayElements(compact).join('\n') + (compact === '[]' ? '' : '\n');
            return compact + '\n';
          }

          function shellQuote(s) { return "'" + s.replace(/'/g, "'\\''") + "'"; }

          function contentType(format) { return format === 'ndjson' ? 'application/x-ndjson' : 'application/json'; }

          function kindFor(schema) { return schema.replace(/^react-/, ''); }

          // --- the editor's gutter and line marks --------------------------------------------
          function renderGutter() {
            var count = 1, text = editor.value, i;
            for (i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) count++;
            if (count !== lineCount) {
              var fragment = document.createDocumentFragment();
              for (i = 1; i <= count; i++) {
                var ln = make('div', 'ln', i);
                ln.setAttribute('data-line', String(i));
                fragment.appendChild(ln);
              }
              gutter.replaceChildren(fragment);
              lineCount = count;
              markedBefore = [];
            }
            applyMarks();
          }

          function applyMarks() {
            markedBefore.forEach(function (n) {
              var ln = gutter.children[n - 1];
              if (ln) { ln.className = 'ln'; ln.removeAttribute('data-severity'); ln.removeAttribute('title'); }
            });
            markedBefore = [];
            var overlay = document.createDocumentFragment(), lines = marked.size ? editor.value.split('\n') : [];
            marked.forEach(function (m, n) {
              var ln = gutter.children[n - 1];
              if (ln) {
                ln.className = 'ln ' + m.severity;
                ln.setAttribute('data-severity', m.severity);
                ln.setAttribute('title', m.messages.join('\n'));
                markedBefore.push(n);
              }
              var bar = make('div', 'mark ' + m.severity);
              bar.setAttribute('data-line', String(n));
              bar.style.top = ((n - 1) * LINE) + 'px';
              // The line's first message at its right end, where it does not cover the line's text.
              var room = editor.clientWidth - 2 * 8 - 12 - (lines[n - 1] || '').length * charWidth();
              if (room >= 96) {
                var note = make('span', 'mark-note', m.messages[0] + (m.messages.length > 1 ? ' (+' + (m.messages.length - 1) + ' more)' : ''));
                note.style.maxWidth = Math.floor(room) + 'px';
                bar.appendChild(note);
              }
              overlay.appendChild(bar);
            });
            marks.replaceChildren(overlay);
          }

          var measured = 0;
          function charWidth() {
            if (!measured) {
              var probe = make('span', '', 'M'.repeat(64));
              probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;font:inherit;font-size:14px';
              probe.style.fontFamily = getComputedStyle(editor).fontFamily;
              editor.parentNode.appendChild(probe);
              measured = probe.getBoundingClientRect().width / 64 || 8.4;
              probe.remove();
            }
            return measured;
          }

          function syncScroll() {
            var shift = 'translateY(' + (-editor.scrollTop) + 'px)';
            gutter.style.transform = shift;
            marks.style.transform = shift;
          }

          // The offset in `text` (UTF-16 code units, as the editor counts) of the server's 1-based
          // `column`, which counts Unicode scalars: a character outside the Basic Multilingual
          // Plane (an emoji) is one column but two code units.
          function columnOffset(text, column) {
            var offset = 0, left = Math.max(0, (column || 1) - 1), unit;
            while (left > 0 && offset < text.length) {
              unit = text.charCodeAt(offset);
              offset += unit >= 0xD800 && unit <= 0xDBFF && offset + 1 < text.length &&
                text.charCodeAt(offset + 1) >= 0xDC00 && text.charCodeAt(offset + 1) <= 0xDFFF ? 2 : 1;
              left--;
            }
            return offset;
          }

          function jumpTo(line, column) {
            var lines = editor.value.split('\n'), offset = 0, i;
            var target = Math.min(Math.max(1, line || 1), lines.length);
            for (i = 0; i < target - 1; i++) offset += lines[i].length + 1;
            offset += columnOffset(lines[target - 1], column);
            editor.focus();
            editor.setSelectionRange(offset, offset);
            editor.scrollTop = Math.max(0, (target - 1) * LINE - editor.clientHeight / 3);
            syncScroll();
          }

          // --- talking to the server ---------------------------------------------------------
          function abort(name) {
            if (controllers[name]) { controllers[name].abort(); controllers[name] = null; }
          }

          function post(name, path, params, body, format) {
            abort(name);
            var controller = new AbortController();
            controllers[name] = controller;
            var url = path + '?' + new URLSearchParams(params).toString();
            return fetch(url, { method: 'POST', body: body, signal: controller.signal, headers: { 'Content-Type': contentType(format) } })
              .then(function (response) {
                return response.text().then(function (text) {
                  if (controllers[name] === controller) controllers[name] = null;
                  return { ok: response.ok, status: response.status, text: text };
                });
              });
          }

          // The message of an error answer: {"error": "..."}, {"error": {"message": "..."}},
          // {"message": "..."} or the text itself.
          function errorText(answer) {
            var text = answer.text, message = '';
            try {
              var body = JSON.parse(text);
              if (body && typeof body.error === 'string') message = body.error;
              else if (body && body.error && typeof body.error.message === 'string') message = body.error.message;
              else if (body && typeof body.message === 'string') message = body.message;
              else if (body && typeof body.reason === 'string') message = body.reason;
            } catch (e) { message = ''; }
            if (!message) message = text.trim().slice(0, 400);
            if (answer.status === 413) message = 'too large to check here: ' + message;
            return 'HTTP ' + answer.status + ': ' + (message || 'no explanation');
          }

          function setVerdict(state, text) {
            verdict.setAttribute('data-verdict', state);
            if (verdict.textContent !== text) verdict.textContent = text;
          }

          function setBusy(on) { busy.textContent = on ? 'Checking\u2026' : ''; }

          function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }

          function showProblems(issues, several) {
            var list = document.createDocumentFragment();
            issues.forEach(function (issue) {
              var item = make('li', 'problem ' + (issue.severity === 'warning' ? 'warning' : 'error'));
              if (issue.line != null) item.setAttribute('data-line', String(issue.line));
              var location = issue.line != null ? issue.line + ':' + (issue.column != null ? issue.column : 1) : '\u2013';
              var go = make('button', 'loc', location);
              go.type = 'button';
              go.setAttribute('aria-label', issue.line != null ? 'Go to line ' + issue.line + ', column ' + (issue.column != null ? issue.column : 1) : 'No position');
              go.addEventListener('click', function () { jumpTo(issue.line, issue.column); });
              item.appendChild(go);
              var body = make('div', 'body');
              var message = make('p', 'msg');
              message.appendChild(make('span', 'badge', issue.severity === 'warning' ? 'warning' : 'error'));
              if (issue.best) message.appendChild(make('span', 'badge', 'best match'));
              message.appendChild(make('span', 'text', issue.message));
              body.appendChild(message);
              var meta = make('p', 'meta');
              meta.appendChild(document.createTextNode('at '));
              meta.appendChild(make('code', 'pointer', issue.instanceLocation ? issue.instanceLocation : '(the root)'));
              meta.appendChild(document.createTextNode(' \u00b7 rule '));
              meta.appendChild(make('code', 'rule', issue.rule || '?'));
              if (issue.keywordLocation) {
                meta.appendChild(document.createTextNode(' \u00b7 schema '));
                meta.appendChild(make('code', 'keyword', issue.keywordLocation));
              }
              if (several) meta.appendChild(document.createTextNode(' \u00b7 payload ' + (issue.record + 1)));
              body.appendChild(meta);
              item.appendChild(body);
              list.appendChild(item);
            });
            problems.replaceChildren(list);
            problemsNote.hidden = issues.length > 0;
          }

          // An `auto` issue (the schema could not be told by the payload's shape) says what to do
          // with the API's parameters; the page says it with its own controls.
          function pageAdvice(e) {
            var text = String(e.message);
            if (e.rule !== 'auto' || !API_AUTO) return text;
            if (text.indexOf(API_AUTO.option) === 0) text = 'Schema auto (by shape)' + text.slice(API_AUTO.option.length);
            var end = '; ' + API_AUTO.advice;
            if (text.slice(-end.length) === end) {
              text = text.slice(0, -end.length) + '; choose its schema in the Schema picker, or paste several payloads as a JSON array or one per line';
            }
            return text;
          }

          // Reads the document `validate --reporter json` prints.
          function showReport(report) {
            var results = Array.isArray(report.results) ? report.results : [];
            var profile = typeof report.profile === 'string' ? report.profile : profilePicker.value;
            var issues = [], counts = { valid: 0, invalid: 0, undecided: 0, unreadable: 0, 'schema-error': 0 }, warnings = 0;
            marked = new Map();
            var mark = function (line, severity, message) {
              if (typeof line !== 'number' || line < 1) return;
              var m = marked.get(line);
              if (!m) { m = { severity: severity, messages: [] }; marked.set(line, m); }
              if (severity === 'error') m.severity = 'error';
              m.messages.push(message);
            };
            results.forEach(function (r) {
              counts[r.outcome] = (counts[r.outcome] || 0) + 1;
              (Array.isArray(r.errors) ? r.errors : []).forEach(function (e, index) {
                var line = typeof e.line === 'number' ? e.line : r.line;
                var text = pageAdvice(e);
                issues.push({ severity: e.severity === 'warning' ? 'warning' : 'error', message: text, instanceLocation: e.instanceLocation, keywordLocation: e.keywordLocation, rule: e.rule, line: line, column: e.column, record: r.record || 0, best: index === 0 && (r.outcome === 'invalid' || r.outcome === 'undecided') });
                mark(line, 'error', text);
              });
              (Array.isArray(r.warnings) ? r.warnings : []).forEach(function (w) {
                var line = typeof w.line === 'number' ? w.line : r.line;
                warnings++;
                issues.push({ severity: 'warning', message: String(w.message), instanceLocation: w.instanceLocation, keywordLocation: w.keywordLocation, rule: w.rule, line: line, column: w.column, record: r.record || 0, best: false });
                mark(line, 'warning', String(w.message));
              });
            });
            if (report.error && typeof report.error === 'object') {
              issues.unshift({ severity: 'error', message: String(report.error.message), rule: report.error.rule, record: 0, best: false });
            }
            applyMarks();
            showProblems(issues, results.length > 1);

            var errors = issues.length - warnings;
            var warned = warnings ? ', ' + plural(warnings, 'warning') : '';
            if (report.error) {
              setVerdict('schema-error', 'Not checked: ' + String(report.error.message));
            } else if (results.length === 0) {
              setVerdict('idle', 'Nothing to check.');
            } else if (results.length === 1) {
              var r = results[0];
              var what = (r.schema ? r.schema : 'payload') + (r.schemaSource === 'auto' ? ' (detected)' : '');
              if (r.outcome === 'valid') setVerdict('valid', 'Valid ' + what + ' under the ' + profile + ' profile' + warned + '.');
              else if (r.outcome === 'invalid') setVerdict('invalid', 'Invalid ' + what + ' under the ' + profile + ' profile: ' + plural(errors, 'error') + warned + '.');
              else if (r.outcome === 'undecided') setVerdict('invalid', 'Not decided: checking this ' + what + ' under the ' + profile + ' profile reached a limit (' + plural(errors, 'error') + ').');
              else if (r.outcome === 'unreadable') setVerdict('unreadable', 'Not readable as JSON: ' + plural(errors, 'error') + '.');
              else setVerdict('schema-error', 'The schema could not be used: ' + plural(errors, 'error') + '.');
            } else {
              var state = counts['schema-error'] ? 'schema-error' : counts.unreadable ? 'unreadable' : (counts.invalid || counts.undecided) ? 'invalid' : 'valid';
              setVerdict(state, results.length + ' payloads under the ' + profile + ' profile: ' + counts.valid + ' valid, ' + counts.invalid + ' invalid' +
                (counts.undecided ? ', ' + counts.undecided + ' undecided' : '') +
                (counts.unreadable ? ', ' + counts.unreadable + ' unreadable' : '') + (counts['schema-error'] ? ', ' + counts['schema-error'] + ' schema errors' : '') + warned + '.');
            }
          }

          function failed(text) {
            marked = new Map();
            applyMarks();
            showProblems([], false);
            problemsNote.hidden = true;
            setVerdict('error', text);
          }

          function validateNow() {
            var text = editor.value;
            if (text.trim() === '') {
              abort('validate');
              setBusy(false);
              marked = new Map();
              applyMarks();
              showProblems([], false);
              setVerdict('idle', 'Paste a payload to check it.');
              return;
            }
            var format = detectFormat(text);
            setBusy(true);
            post('validate', '/v1/validate', { schema: schemaPicker.value, profile: profilePicker.value, format: format }, text, format)
              .then(function (answer) {
                setBusy(false);
                if (!answer.ok) { failed(errorText(answer)); return; }
                var report;
                try { report = JSON.parse(answer.text); } catch (e) { failed('The server answered with something that is not JSON.'); return; }
                showReport(report);
              }, function (error) {
                if (error && error.name === 'AbortError') return;
                setBusy(false);
                failed('The server did not answer (' + (error && error.message ? error.message : 'network error') + ').');
              });
          }

          var views = {
            canonical: function () { return { path: '/v1/normalize', params: { kind: kindFor(schemaPicker.value), profile: profilePicker.value } }; },
            record: function () { return { path: '/v1/convert', params: { to: 'record', kind: kindFor(schemaPicker.value), profile: profilePicker.value } }; }
          };

          function activeView() {
            var tab = tabs.filter(function (t) { return t.getAttribute('aria-selected') === 'true'; })[0];
            return tab ? tab.getAttribute('data-view') : 'problems';
          }

          // The answer of /v1/normalize and /v1/convert: {"results": [{"record", "line"?, "text",
          // "value"} or {"record", "line"?, "error": {"message", "line", "column", "text"}}],
          // "exitCode"}; each payload's form re-indented, or its error.
          function transformed(text, elements) {
            var body;
            try { body = JSON.parse(text); } catch (e) { return { ok: false, text: 'The server answered with something that is not JSON.' }; }
            var results = body && Array.isArray(body.results) ? body.results : [];
            if (results.length === 0) return { ok: false, text: 'Nothing to show.' };
            var ok = true;
            var parts = results.map(function (r) {
              var place = elements ? ' ([' + (r.record || 0) + '])' : r.line != null ? ' (line ' + r.line + ')' : '';
              var label = results.length > 1 || elements ? '// payload ' + ((r.record || 0) + 1) + place + '\n' : '';
              if (r.error) {
                ok = false;
                var where = !elements && r.error.line != null ? 'line ' + r.error.line + ':' + (r.error.column != null ? r.error.column : 1) + ': ' : '';
                return label + 'Not converted: ' + where + String(r.error.message);
              }
              return label + reformat(typeof r.text === 'string' ? r.text : JSON.stringify(r.value), '  ');
            });
            return { ok: ok, text: parts.join('\n\n') };
          }

          function refreshView() {
            var view = activeView();
            if (!views[view] || !stale[view]) return;
            var output = byId(view + '-output'), panel = byId('panel-' + view);
            var text = editor.value;
            stale[view] = false;
            if (text.trim() === '') { abort(view); output.textContent = ''; panel.removeAttribute('data-state'); return; }
            var format = detectFormat(text), request = views[view](), body = text, elements = false;
            // normalize and convert read NDJSON, not arrays: an array's elements go one a line.
            if (format === 'json-array' && parses(text.trim())) { body = toNDJSON(text); format = 'ndjson'; elements = true; }
            if (format === 'ndjson') request.params.ndjson = 'true';
            panel.setAttribute('aria-busy', 'true');
            post(view, request.path, request.params, body, format).then(function (answer) {
              panel.removeAttribute('aria-busy');
              var shown = answer.ok ? transformed(answer.text, elements) : { ok: false, text: errorText(answer) };
              panel.setAttribute('data-state', shown.ok ? 'ok' : 'error');
              output.textContent = shown.text;
            }, function (error) {
              if (error && error.name === 'AbortError') return;
              panel.removeAttribute('aria-busy');
              stale[view] = true;
              panel.setAttribute('data-state', 'error');
              output.textContent = 'The server did not answer (' + (error && error.message ? error.message : 'network error') + ').';
            });
          }

          function refreshAll() {
            clearTimeout(timer);
            timer = 0;
            stale.canonical = true;
            stale.record = true;
            validateNow();
            refreshView();
          }

          function schedule() {
            clearTimeout(timer);
            timer = setTimeout(refreshAll, DEBOUNCE_MS);
          }

          // --- tabs (ARIA tabs pattern: arrows, Home, End move and select) --------------------
          function selectTab(tab, focus) {
            tabs.forEach(function (t) {
              var selected = t === tab;
              t.setAttribute('aria-selected', selected ? 'true' : 'false');
              t.tabIndex = selected ? 0 : -1;
              byId(t.getAttribute('aria-controls')).hidden = !selected;
            });
            if (focus) tab.focus();
            refreshView();
          }

          tabs.forEach(function (tab, index) {
            tab.addEventListener('click', function () { selectTab(tab, false); });
            tab.addEventListener('keydown', function (event) {
              var next = null;
              if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = tabs[(index + 1) % tabs.length];
              else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = tabs[(index - 1 + tabs.length) % tabs.length];
              else if (event.key === 'Home') next = tabs[0];
              else if (event.key === 'End') next = tabs[tabs.length - 1];
              if (next) { event.preventDefault(); selectTab(next, true); }
            });
          });

          // --- copy helpers ------------------------------------------------------------------
          function offer(text, what) {
            shareOutput.value = text;
            var done = function () { copyStatus.textContent = what + ' copied to the clipboard.'; };
            var manual = function () {
              shareOutput.focus();
              shareOutput.select();
              copyStatus.textContent = 'The browser did not allow the clipboard: the ' + what + ' is selected above, copy it from there.';
            };
            if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, manual);
            else manual();
          }

          byId('copy-ndjson').addEventListener('click', function () { offer(toNDJSON(editor.value), 'NDJSON'); });
          byId('copy-curl').addEventListener('click', function () {
            var text = editor.value, format = detectFormat(text);
            var query = new URLSearchParams({ schema: schemaPicker.value, profile: profilePicker.value, format: format }).toString();
            var command = 'curl -sS -X POST ' + shellQuote(location.origin + '/v1/validate?' + query) + ' \\\n' +
              '  -H ' + shellQuote('Content-Type: ' + contentType(format)) + ' \\\n' +
              '  --data-binary ' + shellQuote(text);
            offer(command, 'curl command');
          });

          // --- wiring --------------------------------------------------------------------------
          editor.addEventListener('input', function () { renderGutter(); schedule(); });
          editor.addEventListener('scroll', syncScroll);
          window.addEventListener('resize', function () { if (marked.size) applyMarks(); });
          schemaPicker.addEventListener('change', refreshAll);
          profilePicker.addEventListener('change', refreshAll);
          examplePicker.addEventListener('change', function () {
            var text = EXAMPLES[examplePicker.value];
            if (text === undefined) return;
            editor.value = text;
            editor.scrollTop = 0;
            renderGutter();
            syncScroll();
            refreshAll();
          });

          if (editor.value === '') editor.value = EXAMPLES['message-invalid'];
          renderGutter();
          refreshAll();
        })();
        </script>
        </body>
        </html>
        """#
}
