// Checks of scripts/architecture.mjs that read the code itself rather than its imports (issue 26): functions too
// long to read at once, and which part of the server writes each table.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { parseSync } = require('@swc/core');

const FUNCTION_TYPES = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ClassMethod',
  'MethodProperty',
  'GetterProperty',
  'SetterProperty',
]);

/** Line numbers of byte offsets in `text` (swc's spans count bytes, and from where the previous parse ended). */
function lineIndex(text) {
  const bytes = Buffer.from(text, 'utf8');
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** The comment lines right above `line` (1-based), joined: where a long function says why it is long. */
function commentAbove(lines, line) {
  const found = [];
  for (let i = line - 2; i >= 0; i--) {
    const t = lines[i].trim();
    if (!/^(\/\/|\/\*|\*)/.test(t)) break;
    found.unshift(t);
  }
  return found.join(' ');
}

/**
 * Functions with more than `max` lines of their own (the lines of functions nested in them are theirs, not the
 * outer one's), unless the comment above says `Long:` and why. Returns { file, line, name, own }.
 */
export function longFunctions(files, max) {
  const found = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const ast = parseSync(text, { syntax: 'typescript', tsx: file.endsWith('.tsx'), target: 'es2022' });
    const lineOf = lineIndex(text);
    const at = (offset) => lineOf(offset - ast.span.start);
    const span = (node) => at(node.span.end) - at(node.span.start) + 1;
    /** Lines of the functions directly nested in `node` (not deeper: those are counted by their parents). */
    const nested = (node, top) => {
      if (!node || typeof node !== 'object') return 0;
      if (Array.isArray(node)) return node.reduce((n, c) => n + nested(c, top), 0);
      if (node !== top && FUNCTION_TYPES.has(node.type) && node.span) return span(node);
      let n = 0;
      for (const key in node) if (key !== 'span') n += nested(node[key], top);
      return n;
    };
    const visit = (node, name) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        for (const child of node) visit(child, name);
        return;
      }
      let here = name;
      if (node.type === 'VariableDeclarator' && node.id?.value) here = node.id.value;
      if (node.type === 'KeyValueProperty' && node.key?.value) here = node.key.value;
      if (FUNCTION_TYPES.has(node.type) && node.span) {
        const fnName = node.identifier?.value ?? node.key?.value ?? here ?? '(anonymous)';
        const own = span(node) - nested(node, node);
        const line = at(node.span.start);
        if (own > max && !/\bLong: \S/.test(commentAbove(lines, line)))
          found.push({ file, line, name: fnName, own });
      }
      for (const key in node) if (key !== 'span') visit(node[key], here);
    };
    visit(ast.body);
  }
  return found;
}

/** The part of the server a file belongs to: a feature, an adapter, or a top folder (ledger, platform, db...). */
export function areaOf(file, src) {
  const rel = path.relative(src, file).split(path.sep);
  if (rel[0] === 'features' || rel[0] === 'adapters') return `${rel[0]}/${rel[1]}`;
  return rel.length > 1 ? rel[0] : rel[0].replace(/\.ts$/, '');
}

const WRITE = [
  /\b(?:insertInto|updateTable|deleteFrom)\(\s*'([a-z_]+)'/g,
  // SQL text in either case (`update members set ...` as much as `UPDATE members`).
  // SQL text in either case (`update members set ...` as much as `UPDATE members`).
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_]+)\b/gi,
];

/** The tables a text writes (inserts, updates, deletes; by the query builder or in SQL text). */
function tablesWritten(text) {
  return WRITE.flatMap((re) => [...text.matchAll(re)].map((m) => m[1].toLowerCase()));
}

/**
 * Table -> the files that write it: by the query builder or in SQL text, and through a SQL function of the migrations
 * (`sqlFiles`: the migrations and the SQL files they load) that a file calls by name (`shop_buy(...)`), whose writes
 * count as the calling file's. A function nobody calls by name (a trigger's) is left out.
 */
export function tableWriters(files, sqlFiles = []) {
  const writers = new Map();
  const add = (table, file) => {
    if (!writers.has(table)) writers.set(table, new Set());
    writers.get(table).add(file);
  };
  const texts = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
  for (const [file, text] of texts) for (const table of tablesWritten(text)) add(table, file);
  for (const [name, tables] of functionWrites(sqlFiles)) {
    const call = new RegExp(`\\b${name}\\(`, 'i');
    for (const [file, text] of texts) if (call.test(text)) for (const table of tables) add(table, file);
  }
  return writers;
}

/** Each SQL function the files create -> the tables its body (its dollar-quoted text) writes. */
function functionWrites(sqlFiles) {
  const out = new Map();
  for (const file of sqlFiles) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+([a-z_]+)\s*\(/gi)) {
      const open = /\bAS\s+(\$[a-z_]*\$)/i.exec(text.slice(m.index));
      if (!open) continue;
      const from = m.index + open.index + open[0].length;
      const body = text.slice(from, text.indexOf(open[1], from));
      const name = m[1].toLowerCase();
      const tables = tablesWritten(body);
      if (tables.length) out.set(name, [...new Set([...(out.get(name) ?? []), ...tables])]);
    }
  }
  return out;
}
