/* SPDX-License-Identifier: MIT */
// The demo's docs viewer: doc.html#wander.md shows docs/wander.md (copied into the site as
// docs/wander.md.txt by web/build.sh) as a page. A small Markdown subset, the one the docs
// use: headings, paragraphs, lists, fenced and indented code, tables, inline code, bold, italics and
// links (to another docs page: through this viewer; to a file the site does not carry:
// plain text).
'use strict';

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function inline(text) {
  const codes = [];
  let s = text.replace(/`([^`]+)`/g, (_, c) => { codes.push(c); return `\u0000${codes.length - 1}\u0000`; });
  s = escape(s);
  s = s.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, href) => {
    if (/^https?:/.test(href)) return `<a href="${href}">${label}</a>`;
    const m = /^([a-z0-9-]+\.md)(#[a-z0-9-]+)?$/.exec(href);
    if (m) return `<a href="doc.html#${m[1]}">${label}</a>`;
    return label; // a file outside the site
  });
  s = s.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>').replace(/(^|[\s(])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
  return s.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${escape(codes[Number(i)])}</code>`);
}

function render(md) {
  const lines = md.split('\n');
  const out = [];
  let para = [];
  const flush = () => {
    if (para.length) out.push(`<p>${inline(para.join(' '))}</p>`);
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^```/.test(line)) {
      flush();
      const code = [];
      for (i++; i < lines.length && !/^```/.test(lines[i]); i++) code.push(lines[i]);
      out.push(`<pre><code>${escape(code.join('\n'))}</code></pre>`);
    } else if (/^    \S/.test(line) && para.length === 0) {
      const code = [];
      for (; i < lines.length && (/^    /.test(lines[i]) || (lines[i].trim() === '' && /^    \S/.test(lines[i + 1] || ''))); i++) code.push(lines[i].slice(4));
      i--;
      out.push(`<pre><code>${escape(code.join('\n'))}</code></pre>`);
    } else if (/^#{1,4} /.test(line)) {
      flush();
      const level = line.indexOf(' ');
      out.push(`<h${level}>${inline(line.slice(level + 1))}</h${level}>`);
    } else if (/^\|/.test(line)) {
      flush();
      const rows = [];
      for (; i < lines.length && /^\|/.test(lines[i]); i++) rows.push(lines[i]);
      i--;
      const cells = (r) => r.replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
      const body = rows.filter((r) => !/^\|[\s:|-]+\|$/.test(r));
      out.push('<table>' + body.map((r, k) => `<tr>${cells(r).map((c) => (k === 0 ? `<th>${inline(c)}</th>` : `<td>${inline(c)}</td>`)).join('')}</tr>`).join('') + '</table>');
    } else if (/^\s*[-*] /.test(line) || /^\s*\d+\. /.test(line)) {
      flush();
      const items = [];
      for (; i < lines.length && lines[i].trim() !== '' && !/^(#|```|\|)/.test(lines[i]); i++) {
        if (/^\s*([-*]|\d+\.) /.test(lines[i])) items.push(lines[i].replace(/^\s*([-*]|\d+\.) /, ''));
        else items[items.length - 1] += ' ' + lines[i].trim();
      }
      i--;
      out.push('<ul>' + items.map((t) => `<li>${inline(t)}</li>`).join('') + '</ul>');
    } else if (line.trim() === '') {
      flush();
    } else {
      para.push(line.trim());
    }
  }
  flush();
  return out.join('\n');
}

async function show() {
  const name = location.hash.slice(1);
  const box = document.getElementById('doc');
  if (!/^[a-z0-9-]+\.md$/.test(name)) {
    box.innerHTML = '<p id="failed">No such page.</p>';
    return;
  }
  const file = `docs/${name}.txt`;
  document.getElementById('raw').href = file;
  try {
    const r = await fetch(file);
    if (!r.ok) throw new Error(`${file}: HTTP ${r.status}`);
    box.innerHTML = render(await r.text());
    const h1 = box.querySelector('h1');
    document.title = `steer: ${h1 ? h1.textContent : name}`;
    window.scrollTo(0, 0);
  } catch (err) {
    box.innerHTML = `<p id="failed">${escape(String(err.message || err))}</p>`;
  }
}

window.addEventListener('hashchange', show);
show();
