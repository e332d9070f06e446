/**
 * Validates a UBL invoice (or credit note) as a Peppol access point would (docs/adr/0033-e-invoices.md): the OASIS UBL 2.1 schema
 * (xmllint-wasm), then the EN 16931 rules (CEN) and the Peppol BIS Billing 3.0 rules, the official schematron compiled
 * to XSLT 2.0 (vendor/peppol-bis-3.0.18), run by SaxonJS. The XSLT is compiled to SaxonJS's SEF format once per
 * clone (xslt3, about a minute) into .cache/peppol, keyed by the file's hash.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
// @ts-expect-error saxon-js ships no types
import SaxonJS from 'saxon-js';
import { validateXML } from 'xmllint-wasm';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RULES = path.join(ROOT, 'vendor/peppol-bis-3.0.18');
const XSD = path.join(ROOT, 'vendor/ubl-2.1/xsd');
const CACHE = path.join(ROOT, '.cache/peppol');

export interface RuleFinding {
  id: string;
  flag: 'fatal' | 'warning' | string;
  text: string;
}

export interface ValidationReport {
  schemaErrors: string[];
  /** Failed asserts of both rule sets, fatal and warnings. */
  findings: RuleFinding[];
  /** True when the schema passes and no rule failed as fatal. */
  valid: boolean;
}

/** The SEF of a vendored XSLT, compiled when missing (concurrent test files compile to a temporary name first). */
function compiled(name: string): string {
  const source = path.join(RULES, name);
  const hash = crypto.createHash('sha256').update(fs.readFileSync(source)).digest('hex').slice(0, 16);
  const sef = path.join(CACHE, `${name}.${hash}.sef.json`);
  if (!fs.existsSync(sef)) {
    fs.mkdirSync(CACHE, { recursive: true });
    const part = `${sef}.${process.pid}.part`;
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/xslt3/xslt3.js'), `-xsl:${source}`, `-export:${part}`, '-nogo'], {
      stdio: 'pipe',
    });
    fs.renameSync(part, sef);
  }
  return sef;
}

const schemaFiles = () =>
  ['common', 'maindoc'].flatMap((dir) =>
    fs
      .readdirSync(path.join(XSD, dir))
      .map((f) => ({ fileName: `${dir}/${f}`, contents: fs.readFileSync(path.join(XSD, dir, f), 'utf8') })),
  );

async function schemaErrors(xml: string): Promise<string[]> {
  const files = schemaFiles();
  // a credit note by its own schema; the rule sets cover both documents
  const root = /<CreditNote[\s>]/.test(xml) ? 'CreditNote' : 'Invoice';
  const main = files.find((f) => f.fileName === `maindoc/UBL-${root}-2.1.xsd`)!;
  const result = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [main],
    preload: files.filter((f) => f !== main),
  });
  return result.errors.map((e) => e.message);
}

function ruleFindings(xml: string, stylesheet: string): RuleFinding[] {
  const out = SaxonJS.transform({ stylesheetFileName: compiled(stylesheet), sourceText: xml, destination: 'serialized' }, 'sync') as {
    principalResult: string;
  };
  const findings: RuleFinding[] = [];
  for (const m of out.principalResult.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attr = (n: string) => new RegExp(`\\b${n}="([^"]*)"`).exec(m[1]!)?.[1] ?? '';
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2]!)?.[1]?.trim() ?? '';
    findings.push({ id: attr('id'), flag: attr('flag'), text });
  }
  return findings;
}

export async function validatePeppolInvoice(xml: string): Promise<ValidationReport> {
  const schema = await schemaErrors(xml);
  const findings = [...ruleFindings(xml, 'CEN-EN16931-UBL.xslt'), ...ruleFindings(xml, 'PEPPOL-EN16931-UBL.xslt')];
  return { schemaErrors: schema, findings, valid: schema.length === 0 && !findings.some((f) => f.flag === 'fatal') };
}
