#!/usr/bin/env node
// Checks docs/DECISIONS.md (issue 26): its "Index by area" lists every decision (`## N. ...`) exactly once, every
// link to a heading of the file (`](#anchor)`) names one that exists, and every decision opens with a `Status:` line
// whose summary (what comes before its first ': ') the index repeats beside the decision. A decision added without
// its index entry or status, or a heading renamed under its links, fails `npm test`.
// Usage: node scripts/decisions-index.mjs [file]. Exits 1 listing the problems.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const INDEX_HEADING = 'Index by area';
/** A decision's heading text: `12. Title`. */
const DECISION = /^\d+\. /;
/** `[12. Title](#anchor)`, optionally followed by ` (status summary)`, in the index. */
const INDEX_ENTRY = /\[(\d+)\.[^\]]*\]\(#([^)\s]+)\)(?: \(([^)]*)\))?/g;
const LINK_TO_HEADING = /\]\(#([^)\s]+)\)/g;

/** GitHub's anchor for a heading: lower case, punctuation dropped (not '-' or '_'), each space a '-'. */
function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The file's lines outside fenced code blocks, with their line numbers (a `#` inside a fence is no heading). */
function proseLines(text) {
  const lines = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) lines.push({ no: i + 1, line });
  });
  return lines;
}

/** Every heading with its anchor (a repeated one gets -1, -2, ... as on GitHub) and its place in `lines`. */
function headingsOf(lines) {
  const seen = new Map();
  const headings = [];
  lines.forEach(({ no, line }, at) => {
    const m = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) return;
    const base = anchorOf(m[2]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    headings.push({ no, at, level: m[1].length, text: m[2], anchor: n ? `${base}-${n}` : base });
  });
  return headings;
}

/** The paragraph right under a heading (its first non-blank lines, joined), or '' when the next thing is a heading. */
function firstParagraph(lines, headingIndex) {
  const out = [];
  for (const { line } of lines.slice(headingIndex + 1)) {
    if (line.trim() === '') {
      if (out.length) break;
      continue;
    }
    if (/^#{1,6}\s/.test(line)) break;
    out.push(line.trim());
  }
  return out.join(' ');
}

/** "holds, extended by [40](#...)" from a status paragraph: before its first ': ' (or its final '.'), links as text. */
function summaryOf(status) {
  const body = status.replace(/^Status:\s*/, '');
  const cut = body.indexOf(': ');
  const head = (cut >= 0 ? body.slice(0, cut) : body).replace(/\.$/, '');
  return head.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').trim();
}

function checkDecisions(text) {
  const problems = [];
  const lines = proseLines(text);
  const headings = headingsOf(lines);
  const anchors = new Set(headings.map((h) => h.anchor));

  for (const { no, line } of lines)
    for (const [, anchor] of line.matchAll(LINK_TO_HEADING))
      if (!anchors.has(anchor))
        problems.push(`line ${no}: the link to #${anchor} names no heading of this file`);

  const index = headings.find((h) => h.level === 2 && h.text === INDEX_HEADING);
  if (!index) return [...problems, `no "## ${INDEX_HEADING}" section`];
  const indexEnd = headings.find((h) => h.no > index.no && h.level <= 2)?.no ?? Infinity;
  const indexText = lines
    .filter((l) => l.no > index.no && l.no < indexEnd)
    .map((l) => l.line)
    .join(' ')
    .replace(/\s+/g, ' ');
  const entries = [...indexText.matchAll(INDEX_ENTRY)].map(([, number, anchor, summary]) => ({
    number,
    anchor,
    summary,
  }));

  const decisions = headings.filter((h) => h.level === 2 && DECISION.test(h.text));
  const byAnchor = new Map(decisions.map((d) => [d.anchor, d]));
  for (const e of entries) {
    const d = byAnchor.get(e.anchor);
    if (d && !d.text.startsWith(`${e.number}. `))
      problems.push(`index: entry ${e.number} links to decision "${d.text}"`);
    else if (!d && anchors.has(e.anchor))
      problems.push(`index: entry ${e.number} links to a heading that is no decision`);
  }

  for (const d of decisions) {
    const listed = entries.filter((e) => e.anchor === d.anchor);
    if (listed.length !== 1)
      problems.push(`line ${d.no}: "${d.text}" is in the index ${listed.length} times (once expected)`);
    const status = firstParagraph(lines, d.at);
    if (!status.startsWith('Status: ')) {
      problems.push(`line ${d.no}: "${d.text}" has no "Status: ..." line directly under its heading`);
      continue;
    }
    const summary = summaryOf(status);
    for (const e of listed)
      if (e.summary?.trim() !== summary)
        problems.push(`index: decision ${e.number} says "${e.summary ?? ''}", its status line "${summary}"`);
  }
  return problems;
}

const file = process.argv[2] ?? path.join(import.meta.dirname, '..', 'docs', 'DECISIONS.md');
const problems = checkDecisions(readFileSync(file, 'utf8'));
for (const p of problems) process.stderr.write(`${path.relative(process.cwd(), file)}: ${p}\n`);
if (problems.length) process.exit(1);
process.stdout.write(`${path.relative(process.cwd(), file)}: the index and the status lines are complete\n`);
