/**
 * Turns a terminal screen captured with `tmux capture-pane -e` (text with SGR sequences) into an HTML page
 * that a headless browser can photograph: the screenshots show exactly the cells the program drew.
 */

const PALETTE = [
  '#1d1f21', '#cc6666', '#b5bd68', '#f0c674', '#81a2be', '#b294bb', '#8abeb7', '#c5c8c6',
  '#666666', '#d54e53', '#b9ca4a', '#e7c547', '#7aa6da', '#c397d8', '#70c0b1', '#eaeaea',
];
const FOREGROUND = '#c5c8c6';
const BACKGROUND = '#1d1f21';

interface Style {
  fg: string | null;
  bg: string | null;
  bold: boolean;
  dim: boolean;
  italic: boolean;
  underline: boolean;
  inverse: boolean;
}

const plain = (): Style => ({ fg: null, bg: null, bold: false, dim: false, italic: false, underline: false, inverse: false });

function color256(n: number): string {
  if (n < 16) return PALETTE[n]!;
  if (n < 232) {
    const i = n - 16;
    const level = (v: number) => (v === 0 ? 0 : 55 + v * 40);
    return `rgb(${level(Math.floor(i / 36))},${level(Math.floor(i / 6) % 6)},${level(i % 6)})`;
  }
  const gray = 8 + (n - 232) * 10;
  return `rgb(${gray},${gray},${gray})`;
}

function applySgr(style: Style, params: number[]): Style {
  const next = { ...style };
  for (let i = 0; i < params.length; i++) {
    const p = params[i]!;
    if (p === 0) Object.assign(next, plain());
    else if (p === 1) next.bold = true;
    else if (p === 2) next.dim = true;
    else if (p === 3) next.italic = true;
    else if (p === 4) next.underline = true;
    else if (p === 7) next.inverse = true;
    else if (p === 22) next.bold = next.dim = false;
    else if (p === 23) next.italic = false;
    else if (p === 24) next.underline = false;
    else if (p === 27) next.inverse = false;
    else if (p >= 30 && p <= 37) next.fg = PALETTE[p - 30]!;
    else if (p >= 90 && p <= 97) next.fg = PALETTE[p - 90 + 8]!;
    else if (p >= 40 && p <= 47) next.bg = PALETTE[p - 40]!;
    else if (p >= 100 && p <= 107) next.bg = PALETTE[p - 100 + 8]!;
    else if (p === 39) next.fg = null;
    else if (p === 49) next.bg = null;
    else if (p === 38 || p === 48) {
      const target = p === 38 ? 'fg' : 'bg';
      if (params[i + 1] === 5) {
        next[target] = color256(params[i + 2] ?? 0);
        i += 2;
      } else if (params[i + 1] === 2) {
        next[target] = `rgb(${params[i + 2] ?? 0},${params[i + 3] ?? 0},${params[i + 4] ?? 0})`;
        i += 4;
      }
    }
  }
  return next;
}

function css(style: Style): string {
  let fg = style.fg ?? FOREGROUND;
  let bg = style.bg;
  if (style.inverse) [fg, bg] = [bg ?? BACKGROUND, fg];
  const rules = [`color:${fg}`];
  if (bg) rules.push(`background:${bg}`);
  if (style.bold) rules.push('font-weight:bold');
  if (style.dim) rules.push('opacity:0.6');
  if (style.italic) rules.push('font-style:italic');
  if (style.underline) rules.push('text-decoration:underline');
  return rules.join(';');
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function ansiToHtml(screen: string, title: string): string {
  const lines = screen.replace(/\n$/, '').split('\n');
  let style = plain();
  const body = lines
    .map((line) => {
      let html = '';
      for (const part of line.split(/(\x1b\[[0-9;]*m)/)) {
        const sgr = /^\x1b\[([0-9;]*)m$/.exec(part);
        if (sgr) style = applySgr(style, (sgr[1] || '0').split(';').map(Number));
        else if (part) html += `<span style="${css(style)}">${escapeHtml(part)}</span>`;
      }
      return html || ' ';
    })
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
body{margin:0;background:${BACKGROUND}}
pre{margin:0;padding:12px 14px;font:15px/1.25 'DejaVu Sans Mono',monospace;color:${FOREGROUND};white-space:pre}
</style></head><body><pre>${body}</pre></body></html>`;
}
