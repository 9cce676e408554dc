// render.mjs renders markdown as GitHub shows it in a pull-request
// comment or a job summary: GitHub-flavoured markdown (markdown-it, with
// the HTML GitHub allows in comments), GitHub's own stylesheet
// (github-markdown-css) and mermaid, in headless Chromium at a given
// width. It writes a screenshot as GitHub shows the page (folded
// <details> closed) and one with every <details> open, and checks, with
// everything open, that nothing is wider than the page: no table that
// scrolls, no line of text or code that runs out, no chart wider than the
// comment. It prints one JSON line per file and exits 1 if anything
// overflows or a chart failed to render.
//
// Usage: node render.mjs [-width 800] [-chromium /usr/bin/chromium] OUTDIR FILE.md...
import { chromium } from 'playwright-core';
import MarkdownIt from 'markdown-it';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let width = 800;
let browserPath = '/usr/bin/chromium';
while (args.length && args[0].startsWith('-')) {
  const flag = args.shift();
  if (flag === '-width') width = Number(args.shift());
  else if (flag === '-chromium') browserPath = args.shift();
  else { console.error(`render.mjs: unknown flag ${flag}`); process.exit(2); }
}
const [outDir, ...files] = args;
if (!outDir || files.length === 0) {
  console.error('usage: node render.mjs [-width 800] [-chromium PATH] OUTDIR FILE.md...');
  process.exit(2);
}

const md = new MarkdownIt({ html: true, linkify: true });
const fence = md.renderer.rules.fence;
md.renderer.rules.fence = (tokens, idx, options, env, self) => {
  const t = tokens[idx];
  if (t.info.trim() === 'mermaid') {
    return `<pre class="mermaid">${md.utils.escapeHtml(t.content)}</pre>\n`;
  }
  return fence(tokens, idx, options, env, self);
};

const css = pathToFileURL(join(here, 'node_modules/github-markdown-css/github-markdown-light.css')).href;
const mermaidJS = pathToFileURL(join(here, 'node_modules/mermaid/dist/mermaid.min.js')).href;

function page(body) {
  return `<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="${css}">
<style>
  body { margin: 0; background: #fff; }
  .markdown-body { box-sizing: border-box; width: ${width}px; padding: 16px; }
</style>
<script src="${mermaidJS}"></script>
</head><body><article class="markdown-body">${body}</article>
<script>
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
  mermaid.run({ querySelector: '.mermaid' })
    .then(() => { document.body.dataset.done = '1'; })
    .catch((e) => { document.body.dataset.error = String(e); document.body.dataset.done = '1'; });
</script></body></html>`;
}

const browser = await chromium.launch({
  executablePath: browserPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let failed = false;
try {
  for (const file of files) {
    const p = await browser.newPage({ viewport: { width: width + 40, height: 600 } });
    const name = basename(file).replace(/\.md$/, '');
    // A file, not setContent: the page loads the stylesheet and mermaid
    // from node_modules, which an about:blank page may not.
    const html = join(outDir, `${name}.html`);
    writeFileSync(html, page(md.render(readFileSync(file, 'utf8'))));
    await p.goto(pathToFileURL(html).href, { waitUntil: 'load' });
    await p.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 30000 });
    const shot = join(outDir, `${name}.png`);
    await p.locator('.markdown-body').screenshot({ path: shot });
    await p.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
    const result = await p.evaluate(() => {
      const body = document.querySelector('.markdown-body');
      const limit = body.clientWidth;
      const over = [];
      const say = (kind, el, w, max) => over.push({ kind, width: Math.round(w), max: Math.round(max), text: (el.innerText || el.textContent || '').slice(0, 80) });
      for (const t of body.querySelectorAll('table')) if (t.scrollWidth > t.clientWidth + 1) say('table', t, t.scrollWidth, t.clientWidth);
      for (const el of body.querySelectorAll('p, li, summary, h3, h4')) if (el.scrollWidth > el.clientWidth + 1) say('text', el, el.scrollWidth, el.clientWidth);
      for (const s of body.querySelectorAll('svg')) {
        const w = s.getBoundingClientRect().width;
        if (w > limit + 1) say('chart', s, w, limit);
      }
      const charts = body.querySelectorAll('pre.mermaid');
      const drawn = body.querySelectorAll('pre.mermaid svg').length;
      return { over, charts: charts.length, drawn, error: document.body.dataset.error || '' };
    });
    await p.locator('.markdown-body').screenshot({ path: join(outDir, `${name}-open.png`) });
    const ok = result.over.length === 0 && !result.error && result.drawn === result.charts;
    failed ||= !ok;
    console.log(JSON.stringify({ file, ok, screenshot: shot, ...result }));
    await p.close();
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
