/**
 * Reads source files the way the boundary test needs them: every import specifier (static import, export … from,
 * import = require, dynamic import(), require()) with its line and whether it is type-only, resolved through the
 * package.json `imports` aliases to a file path; plus the uses of ambient I/O (fetch, storage, DOM, env, the clock).
 * Parsing uses the TypeScript compiler, so comments and strings never count. In .astro files the frontmatter and
 * the <script> bodies are parsed; the template is only searched for import('…') outside HTML comments.
 */
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import ts from 'typescript';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ImportRef {
  specifier: string;
  line: number;
  /** Erased at compile time: `import type`, `export type`, all-`type` named imports, `import('x').T` in a type. */
  typeOnly: boolean;
  dynamic: boolean;
  /** In an .astro <script> block: bundled for the browser, so browser rules apply. */
  clientScript: boolean;
}

export type Target =
  | { kind: 'builtin'; name: string }
  | { kind: 'package'; name: string }
  | { kind: 'file'; path: string } // project-relative, forward slashes
  | { kind: 'unresolved'; reason: string };

export interface GlobalUse {
  name: string; // e.g. 'fetch', 'process.env', 'Date.now'
  line: number;
}

const SOURCE_EXT = /\.(?:[cm]?[jt]sx?|astro)$/;

/** Every source file under the given project-relative folders, project-relative with forward slashes, sorted. */
export function sourceFiles(...dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (abs: string): void => {
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = path.join(abs, e.name);
      if (e.isDirectory()) walk(p);
      else if (SOURCE_EXT.test(e.name)) out.push(path.relative(ROOT, p).split(path.sep).join('/'));
    }
  };
  for (const d of dirs) if (fs.existsSync(path.join(ROOT, d))) walk(path.join(ROOT, d));
  return out.sort();
}

/** package.json `imports`: '#lib/*' → 'src/lib/' (only the `prefix/*` → `./folder/*` form is used by this project). */
export function aliasFolders(): Map<string, string> {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { imports?: Record<string, unknown> };
  const map = new Map<string, string>();
  for (const [key, target] of Object.entries(pkg.imports ?? {})) {
    if (typeof target !== 'string' || !key.endsWith('/*') || !target.endsWith('/*')) continue;
    map.set(key.slice(0, -1), path.posix.normalize(target.slice(0, -1)).replace(/^\.\//, ''));
  }
  return map;
}

const BUILTINS = new Set(builtinModules);

export function resolveSpecifier(specifier: string, fromFile: string, aliases: Map<string, string>): Target {
  if (specifier.startsWith('node:')) return { kind: 'builtin', name: specifier };
  if (specifier.startsWith('#')) {
    for (const [prefix, folder] of aliases) {
      if (specifier.startsWith(prefix)) return { kind: 'file', path: path.posix.join(folder, specifier.slice(prefix.length)) };
    }
    return { kind: 'unresolved', reason: `no package.json "imports" alias matches ${specifier}` };
  }
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
    return { kind: 'file', path: path.posix.join(path.posix.dirname(fromFile), specifier) };
  }
  if (specifier.startsWith('/')) return { kind: 'file', path: path.posix.normalize(specifier.slice(1)) }; // Vite: project root
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  if (BUILTINS.has(specifier) || BUILTINS.has(name)) return { kind: 'builtin', name: specifier };
  return { kind: 'package', name };
}

/** How many directory levels a relative specifier climbs ('../../x' → 2, './a/../../x' → 1 net but 2 written: counts '..' segments). */
export function climbs(specifier: string): number {
  if (!specifier.startsWith('.')) return 0;
  return specifier.split('/').filter((s) => s === '..').length;
}

interface CodeBlock {
  code: string;
  /** Line number (1-based) in the real file of the block's first line. */
  firstLine: number;
  kind: ts.ScriptKind;
  /** An .astro <script>: runs in the browser. */
  clientScript: boolean;
}

function lineAt(text: string, offset: number): number {
  let n = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** End of an opening tag that starts at `from` (just after the tag name): skips quoted values and {…} expressions. */
function tagEnd(text: string, from: number): { end: number; selfClosing: boolean; attrs: string } {
  let depth = 0;
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || (c === '`' && depth > 0)) quote = c;
    else if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    else if (c === '>' && depth === 0) return { end: i + 1, selfClosing: text[i - 1] === '/', attrs: text.slice(from, i) };
  }
  return { end: text.length, selfClosing: false, attrs: text.slice(from) };
}

/** Client scripts Astro bundles or inlines: no type, or a JavaScript type (not JSON, ld+json, importmap …). */
function isCodeScript(attrs: string): boolean {
  const type = /(?:^|\s)type\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
  return !type || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
}

function astroBlocks(text: string): { blocks: CodeBlock[]; template: { text: string; firstLine: number }[] } {
  const blocks: CodeBlock[] = [];
  const template: { text: string; firstLine: number }[] = [];
  let pos = 0;
  const fm = /^\s*---[^\S\n]*\r?\n([\s\S]*?)\r?\n---[^\S\n]*(?:\r?\n|$)/.exec(text);
  if (fm) {
    blocks.push({ code: fm[1]!, firstLine: lineAt(text, fm.index + fm[0].indexOf('\n') + 1), kind: ts.ScriptKind.TS, clientScript: false });
    pos = fm.index + fm[0].length;
  }
  // Markup: <script> bodies are code; <style> bodies and HTML comments are neither code nor template.
  const open = /<!--|<(script|style)(?=[\s/>])/gi;
  let last = pos;
  open.lastIndex = pos;
  for (let m = open.exec(text); m; m = open.exec(text)) {
    template.push({ text: text.slice(last, m.index), firstLine: lineAt(text, last) });
    if (!m[1]) {
      const close = text.indexOf('-->', m.index + 4);
      last = close < 0 ? text.length : close + 3;
    } else {
      const name = m[1].toLowerCase();
      const tag = tagEnd(text, m.index + m[0].length);
      if (tag.selfClosing) last = tag.end;
      else {
        const closeRe = new RegExp(`</${name}\\s*>`, 'gi');
        closeRe.lastIndex = tag.end;
        const close = closeRe.exec(text);
        const bodyEnd = close ? close.index : text.length;
        if (name === 'script' && isCodeScript(tag.attrs)) {
          blocks.push({ code: text.slice(tag.end, bodyEnd), firstLine: lineAt(text, tag.end), kind: ts.ScriptKind.TS, clientScript: true });
        }
        last = close ? close.index + close[0].length : text.length;
      }
    }
    open.lastIndex = last;
  }
  template.push({ text: text.slice(last), firstLine: lineAt(text, last) });
  return { blocks, template };
}

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (file.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function codeBlocks(file: string, text: string): { blocks: CodeBlock[]; template: { text: string; firstLine: number }[] } {
  if (file.endsWith('.astro')) return astroBlocks(text);
  return { blocks: [{ code: text, firstLine: 1, kind: scriptKind(file), clientScript: false }], template: [] };
}

function parse(block: CodeBlock, name: string): ts.SourceFile {
  return ts.createSourceFile(name, block.code, ts.ScriptTarget.Latest, true, block.kind);
}

function literalText(node: ts.Node | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return node.text;
  return undefined;
}

function collectImports(sf: ts.SourceFile, block: CodeBlock, out: ImportRef[]): void {
  const { firstLine, clientScript } = block;
  const add = (spec: ts.Node, specifier: string, typeOnly: boolean, dynamic: boolean): void => {
    out.push({ specifier, typeOnly, dynamic, clientScript, line: firstLine + sf.getLineAndCharacterOfPosition(spec.getStart(sf)).line });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const spec = literalText(node.moduleSpecifier);
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : undefined;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly || (!clause.name && !!named && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)));
      if (spec !== undefined) add(node.moduleSpecifier, spec, typeOnly, false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const spec = literalText(node.moduleSpecifier);
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause : undefined;
      const typeOnly = node.isTypeOnly || (!!named && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly));
      if (spec !== undefined) add(node.moduleSpecifier, spec, typeOnly, false);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const spec = literalText(node.moduleReference.expression);
      if (spec !== undefined) add(node.moduleReference.expression, spec, node.isTypeOnly, false);
    } else if (ts.isCallExpression(node)) {
      const arg = node.arguments[0];
      const spec = literalText(arg);
      if (spec !== undefined && arg) {
        if (node.expression.kind === ts.SyntaxKind.ImportKeyword) add(arg, spec, false, true);
        else if (ts.isIdentifier(node.expression) && node.expression.text === 'require') add(arg, spec, false, true);
      }
    } else if (ts.isImportTypeNode(node)) {
      const spec = ts.isLiteralTypeNode(node.argument) ? literalText(node.argument.literal) : undefined;
      if (spec !== undefined) add(node.argument, spec, true, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

/** Every import specifier in a project file (path relative to ROOT). */
export function importsOf(file: string, text = fs.readFileSync(path.join(ROOT, file), 'utf8')): ImportRef[] {
  const out: ImportRef[] = [];
  const { blocks, template } = codeBlocks(file, text);
  for (const b of blocks) collectImports(parse(b, file), b, out);
  for (const t of template) {
    for (const m of t.text.matchAll(/\bimport\(\s*(['"`])([^'"`$]+)\1\s*\)/g)) {
      out.push({ specifier: m[2]!, typeOnly: false, dynamic: true, clientScript: false, line: t.firstLine + lineAt(t.text, m.index) - 1 });
    }
  }
  return out.sort((a, b) => a.line - b.line);
}

// ---------------------------------------------------------------------------------------------------------------
// Ambient I/O

/** Browser/host globals a pure module must not touch (as free variables or as globalThis.x / self.x / window.x). */
const IO_GLOBALS = new Set(['fetch', 'localStorage', 'sessionStorage', 'document', 'window']);
const GLOBAL_OBJECTS = new Set(['globalThis', 'self', 'window']);

/** Names declared anywhere in the file (a local `document` parameter is not the global). Scope-insensitive on purpose. */
function declaredNames(sf: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const addBinding = (n: ts.BindingName): void => {
    if (ts.isIdentifier(n)) names.add(n.text);
    else for (const e of n.elements) if (!ts.isOmittedExpression(e)) addBinding(e.name);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node)) addBinding(node.name);
    else if (
      (ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node)) &&
      node.name
    )
      names.add(node.name.text);
    else if (ts.isImportClause(node) && node.name) names.add(node.name.text);
    else if (ts.isImportSpecifier(node) || ts.isNamespaceImport(node)) names.add(node.name.text);
    else if (ts.isEnumDeclaration(node)) names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return names;
}

/** True when the identifier is read as a value (not a property name, a declaration's own name, or a type). */
function isValueReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if (ts.isQualifiedName(p)) return false;
  if (
    (ts.isPropertyAssignment(p) ||
      ts.isPropertySignature(p) ||
      ts.isPropertyDeclaration(p) ||
      ts.isMethodDeclaration(p) ||
      ts.isMethodSignature(p) ||
      ts.isGetAccessor(p) ||
      ts.isSetAccessor(p) ||
      ts.isEnumMember(p)) &&
    p.name === id
  )
    return false;
  if (ts.isBindingElement(p) && p.propertyName === id) return false;
  if (
    (ts.isVariableDeclaration(p) ||
      ts.isParameter(p) ||
      ts.isBindingElement(p) ||
      ts.isFunctionDeclaration(p) ||
      ts.isClassDeclaration(p)) &&
    p.name === id
  )
    return false;
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p)) return false;
  if (ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p)) return false;
  if (ts.isJsxAttribute(p) || ts.isTypeReferenceNode(p) || ts.isTypeQueryNode(p) || ts.isLiteralTypeNode(p)) return false;
  for (let n: ts.Node = id; n.parent; n = n.parent) if (ts.isTypeNode(n) && !ts.isExpressionWithTypeArguments(n)) return false;
  return true;
}

function memberName(node: ts.Expression): string | undefined {
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node)) return literalText(node.argumentExpression);
  return undefined;
}

/** Reads of ambient I/O: fetch, localStorage, sessionStorage, document, window, process.env, import.meta.env, Date.now, new Date(). */
export function ioUsesOf(file: string, text = fs.readFileSync(path.join(ROOT, file), 'utf8')): GlobalUse[] {
  const out: GlobalUse[] = [];
  for (const block of codeBlocks(file, text).blocks) {
    const sf = parse(block, file);
    const local = declaredNames(sf);
    const free = (e: ts.Expression, name: string): boolean => ts.isIdentifier(e) && e.text === name && !local.has(name);
    const at = (node: ts.Node, name: string): void => {
      out.push({ name, line: block.firstLine + sf.getLineAndCharacterOfPosition(node.getStart(sf)).line });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && IO_GLOBALS.has(node.text) && !local.has(node.text) && isValueReference(node)) at(node, node.text);
      else if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
        const name = memberName(node);
        const obj = node.expression;
        if (name === 'env' && free(obj, 'process')) at(node, 'process.env');
        else if (name === 'env' && ts.isMetaProperty(obj) && obj.keywordToken === ts.SyntaxKind.ImportKeyword) at(node, 'import.meta.env');
        else if (name === 'now' && free(obj, 'Date')) at(node, 'Date.now');
        else if (name && ts.isIdentifier(obj) && GLOBAL_OBJECTS.has(obj.text) && obj.text !== 'window' && !local.has(obj.text)) {
          if (IO_GLOBALS.has(name)) at(node, `${obj.text}.${name}`);
          else if (name === 'process') at(node, `${obj.text}.process`);
        }
      } else if (ts.isNewExpression(node) && free(node.expression, 'Date') && (node.arguments?.length ?? 0) === 0) at(node, 'new Date()');
      else if (ts.isCallExpression(node) && free(node.expression, 'Date')) at(node, 'Date()');
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out.sort((a, b) => a.line - b.line);
}
