// Every reference a reader may follow resolves inside this repository (issue
// 16 item 10):
// - relative Markdown links in README.md and docs/ (and every other .md of the
//   repository) point at files that exist, and a `#fragment` at a heading of
//   the target (GitHub's heading ids);
// - file paths named in Markdown and in source comments (src/, bench/, test/,
//   scripts/) exist: a path from the repository root (`docs/…`, `src/…`), a
//   path from the file's folder, or a bare file name that some file of the
//   repository has;
// - every `§` reference names its source, and a reference to the metrics
//   contract ("spec section 6", "spec §13", "spec sections 2-5",
//   "metrics contract §5") names a section docs/reference/metrics-spec.md has.
//   Sections of papers and of the project's research notes (outside the
//   repository, named as such) are not checked.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from '../../helpers/cli';

const SKIP_DIRS = new Set(['node_modules', 'out', '.bench', '.git', 'test-results', 'dist', 'fixtures', 'screenshots']);

function walk(dir: string, keep: (f: string) => boolean): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    if (SKIP_DIRS.has(e)) continue;
    const p = join(dir, e);
    const s = statSync(p);
    if (s.isDirectory()) out.push(...walk(p, keep));
    else if (keep(p)) out.push(p);
  }
  return out;
}

const rel = (f: string): string => relative(ROOT, f).split('\\').join('/');

const MARKDOWN = walk(ROOT, (f) => f.endsWith('.md')).concat(
  existsSync(join(ROOT, 'test/fixtures/README.md')) ? [join(ROOT, 'test/fixtures/README.md')] : [],
);
/** Sources whose comments are read (this test's own examples left out). */
const SOURCES = ['src', 'bench', 'test', 'scripts', 'bin']
  .flatMap((d) => (existsSync(join(ROOT, d)) ? walk(join(ROOT, d), (f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f)) : []))
  .filter((f) => !f.endsWith('doc-links.test.ts'));
const commentCache = new Map<string, string>();
const commentsOf = (f: string): string => {
  if (!commentCache.has(f)) commentCache.set(f, comments(readFileSync(f, 'utf8')));
  return commentCache.get(f)!;
};

/** GitHub's id for a heading: lower case, punctuation dropped, spaces to hyphens (repeats get -1, -2, …). */
export function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const count = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const text = m[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .toLowerCase();
    const base = text
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const n = count.get(base) ?? 0;
    count.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
    for (const a of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) ids.add(a[1]);
  }
  for (const a of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) ids.add(a[1]);
  return ids;
}

/** Markdown outside code fences, and outside inline code spans unless `inline`. */
function prose(markdown: string, inline = false): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      if (fenced) return '';
      return inline ? line : line.replace(/`[^`]*`/g, '``');
    })
    .join('\n');
}

/** The relative links of a Markdown text: [text](target), images included. */
export function markdownLinks(markdown: string): string[] {
  const out: string[] = [];
  for (const m of prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const t = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(t)) continue; // http:, https:, mailto:
    out.push(t);
  }
  return out;
}

/** The text of a comment without its markers (`//`, `/*`, ` * `), line by line. */
function commentText(raw: string): string {
  return raw
    .split('\n')
    .map((l) => l.replace(/^\s*(?:\/\/+|\/\*+|\*+(?!\/))\s?/, '').replace(/\s*\*+\/\s*$/, ''))
    .join('\n');
}

/**
 * The comments of a JS/TS source, without their markers, found by a small
 * lexer that skips strings, template literals (with their substitutions) and
 * regular expressions, so that none of them is read as a comment. A `/` starts
 * a regular expression unless it follows a value (a name, a number, `)`, `]`
 * or `}`); the TypeScript scanner would do the same, ten times slower.
 */
export function comments(source: string): string {
  const out: string[] = [];
  const braces: number[] = []; // open `{` inside each template substitution being read
  const n = source.length;
  let prev = ''; // the last significant character of code
  let i = 0;
  const skipTemplate = (): void => {
    // i is just after a backquote or a substitution's closing brace
    while (i < n) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        prev = '`';
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2;
        braces.push(0);
        prev = '{';
        return;
      } else i++;
    }
  };
  while (i < n) {
    const c = source[i];
    const d = source[i + 1];
    if (c === '/' && d === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      out.push(commentText(source.slice(i, stop)));
      i = stop;
    } else if (c === '/' && d === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      out.push(commentText(source.slice(i, stop)));
      i = stop;
    } else if (c === '"' || c === "'") {
      i++;
      while (i < n && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      i++;
      prev = c;
    } else if (c === '`') {
      i++;
      skipTemplate();
    } else if (c === '/' && !/[\w$)\]}`'"]/.test(prev)) {
      // A regular expression literal: to the closing slash outside a character class.
      i++;
      let inClass = false;
      while (i < n && source[i] !== '\n') {
        const r = source[i];
        if (r === '\\') i++;
        else if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        else if (r === '/' && !inClass) break;
        i++;
      }
      i++;
      while (i < n && /[a-z]/i.test(source[i])) i++;
      prev = ')';
    } else if (c === '{' && braces.length > 0) {
      braces[braces.length - 1]++;
      prev = c;
      i++;
    } else if (c === '}' && braces.length > 0) {
      i++;
      if (braces[braces.length - 1] === 0) {
        braces.pop();
        skipTemplate();
      } else {
        braces[braces.length - 1]--;
        prev = c;
      }
    } else {
      if (!/\s/.test(c)) prev = c;
      i++;
    }
  }
  return out.join('\n');
}

/**
 * Paths named in a text: docs/guide/x.md, src/a/b.ts, ./c.ts, a bare name
 * such as fga-scan.ts, or a .json file with its folder (a bare x.json is
 * usually a dialogue id, not a file). Node.js is a name, not a file; a
 * placeholder such as `<name>.test.ts` is not a path.
 */
export function namedPaths(text: string): string[] {
  const out: string[] = [];
  const re = /(?<![\w@/.:*>-])((?:\.{1,2}\/)*(?:[\w-]+\/)*[\w.-]*[\w-]\.(?:md|ts|tsx|mjs|cjs|js|json))(?![\w/-])/g;
  for (const m of text.matchAll(re)) {
    const p = m[1];
    if (/^node\.js$/i.test(p)) continue;
    if (p.endsWith('.json') && !p.includes('/')) continue;
    out.push(p);
  }
  return out;
}

/** Every tail of every file's path from the root (a/b/c.ts: c.ts, b/c.ts, a/b/c.ts), for partial paths such as shared/report/tables.ts. */
const TAILS = new Set(
  walk(ROOT, () => true)
    .concat(walk(join(ROOT, 'test/fixtures'), () => true))
    .flatMap((f) =>
      rel(f)
        .split('/')
        .map((_, i, parts) => parts.slice(i).join('/')),
    ),
);

function pathExists(from: string, p: string): boolean {
  if (existsSync(resolve(dirname(from), p))) return true;
  if (p.startsWith('.')) return false;
  if (existsSync(join(ROOT, p))) return true;
  if (TAILS.has(p)) return true;
  // A built file (out/main/compare-worker.js, a bench harness's .mjs) named by its source's name.
  const stem = p.replace(/\.(?:m?js|cjs)$/, '');
  return stem !== p && TAILS.has(stem + '.ts');
}

/** Text that names another project's file says so near it (its project, its site, a Python file, the research notes). */
const ELSEWHERE =
  /(?:github\.com|gitlab|huggingface|the official|official script|upstream|research notes|numpy|scipy|python|\.py\b|TripPy|TRADE|SOM-DST|ConvLab|IC-DST|mwzeval|torchmetrics|sacrebleu|fuzzywuzzy|rapidfuzz)/i;
/**
 * Names that stand for any file in an example (docs/security.md: `--require evil.js`), and the
 * files the docs/dev "adding a …" pages tell the reader to create (their worked examples, which
 * tests add to a copy of the tree: test/helpers/doc-metric.ts, registry.one-file.test.ts).
 */
const EXAMPLE_NAMES = new Set([
  'evil.js',
  'src/shared/metrics/defs/dcr.ts',
  'defs/dcr.ts',
  'test/unit/shared/metrics/defs/dcr.test.ts',
  'src/shared/analysis/defs/first-error.ts',
  'src/shared/analysis/defs/first-error.args.ts',
]);

/** What a spec reference cites: "spec section 6", "spec §13", "spec sections 2-5", "spec 2-7", "metrics contract §5". */
const SPEC_REF =
  /\b(?:spec(?:ification)?|metrics contract|metrics-spec(?:\.md)?)(?:'s)?\s*(?:sections?\s*|§\s*|\b)(\d+)(?:\s*(?:[-–]|to|and)\s*(\d+))?/gi;

function specSections(): Set<number> {
  const text = readFileSync(join(ROOT, 'docs/reference/metrics-spec.md'), 'utf8');
  return new Set([...text.matchAll(/^##\s+(\d+)\./gm)].map((m) => Number(m[1])));
}

/** The § references in a text that name no source (what precedes them says neither spec nor paper nor notes). */
export function unattributedSections(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/§+\s*([0-9][\w.]*)/g)) {
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    if (/\b(?:spec(?:ification)?|metrics contract|metrics-spec(?:\.md)?|paper(?:'s)?|notes)\s*\(?\s*$/i.test(before)) continue;
    out.push(`…${before.split('\n').pop()!.trim()} ${m[0]}`);
  }
  return out;
}

describe('docs and comments resolve', () => {
  it('the helpers see what they should', () => {
    expect(markdownLinks('[a](x.md) [b](https://e.org) ![c](img/p.png "t") `[d](no.md)` [e](#here)')).toEqual([
      'x.md',
      'img/p.png',
      '#here',
    ]);
    expect(headingIds('# Hello, world!\n## Hello, world!\n### `gold diff` (beta)\n')).toEqual(
      new Set(['hello-world', 'hello-world-1', 'gold-diff-beta']),
    );
    expect(
      namedPaths('see docs/guide/a.md, fga-scan.ts and ./b.ts; not 1.5, e.g., Node.js, MUL0001.json, *X.tsx or <name>.test.ts'),
    ).toEqual(['docs/guide/a.md', 'fga-scan.ts', './b.ts']);
    expect(
      comments("const u = '// not.ts /* nor */';\n// see a.ts\nconst r = /\\/\\*/; /* b.ts */\nconst t = `${u}// nor ${r}`; // c.ts\n"),
    ).toBe('see a.ts\nb.ts\nc.ts');
    const unnamed = unattributedSections("spec §13, the GCA paper's §5.4, research notes (§7), and §9 alone");
    expect(unnamed).toHaveLength(1);
    expect(unnamed[0]).toMatch(/and §9$/);
  });

  it('relative Markdown links point at files that exist, and fragments at headings', () => {
    const broken: string[] = [];
    const ids = new Map<string, Set<string>>();
    const idsOf = (f: string): Set<string> => {
      if (!ids.has(f)) ids.set(f, headingIds(readFileSync(f, 'utf8')));
      return ids.get(f)!;
    };
    let links = 0;
    for (const md of MARKDOWN) {
      for (const link of markdownLinks(readFileSync(md, 'utf8'))) {
        links++;
        const [path, fragment] = link.split('#') as [string, string | undefined];
        const target = path === '' ? md : resolve(dirname(md), decodeURIComponent(path));
        if (!existsSync(target)) {
          broken.push(`${rel(md)}: ${link} (no such file)`);
          continue;
        }
        if (fragment && target.endsWith('.md') && !idsOf(target).has(decodeURIComponent(fragment).toLowerCase())) {
          broken.push(`${rel(md)}: ${link} (no heading #${fragment} in ${rel(target)})`);
        }
      }
    }
    expect(links).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  });

  it('file paths named in Markdown and in source comments exist', () => {
    const missing: string[] = [];
    const check = (file: string, text: string): void => {
      const lines = text.split('\n');
      lines.forEach((line, i) => {
        // `<!-- example: PATH -->` marks a page's example as the file a test writes it to (docs/dev/adding-an-analysis.md).
        if (/^<!-- example: \S+ -->$/.test(line.trim())) return;
        for (const p of namedPaths(line)) {
          if (EXAMPLE_NAMES.has(p) || pathExists(file, p)) continue;
          if (ELSEWHERE.test(lines.slice(Math.max(0, i - 3), i + 1).join(' '))) continue; // another project's file, named with its project
          missing.push(`${rel(file)}: ${p} — ${line.trim().slice(0, 140)}`);
        }
      });
    };
    for (const md of MARKDOWN) check(md, prose(readFileSync(md, 'utf8'), true));
    for (const src of SOURCES) check(src, commentsOf(src));
    expect(missing).toEqual([]);
  });

  it('every § names its source, and every spec section cited exists in docs/reference/metrics-spec.md', () => {
    const sections = specSections();
    expect(sections.size).toBeGreaterThan(10);
    const bad: string[] = [];
    const check = (file: string, text: string): void => {
      for (const m of text.replace(/\s*\n\s*/g, ' ').matchAll(SPEC_REF)) {
        const from = Number(m[1]);
        const to = m[2] === undefined ? from : Number(m[2]);
        for (let s = from; s <= to; s++) if (!sections.has(s)) bad.push(`${rel(file)}: "${m[0]}" (metrics-spec.md has no section ${s})`);
      }
      for (const u of unattributedSections(text.replace(/\s*\n\s*/g, ' ')))
        bad.push(`${rel(file)}: "${u}" (say whose section: spec, a paper, …)`);
    };
    for (const md of MARKDOWN) check(md, prose(readFileSync(md, 'utf8')));
    for (const src of SOURCES) check(src, commentsOf(src));
    expect(bad).toEqual([]);
  });
});
