import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * XML Schema (XSD) validation with libxml2 compiled to WebAssembly (the `xmllint-wasm` package: xmllint
 * 2.13 in a worker thread), so it runs wherever Node.js runs, with no Debian program. Any XSD set works:
 * the ISO 20022 payment schemas of the SEPA payout files, or UBL 2.1 for EN 16931 e-invoices
 * (`loadXmlSchema(dir, 'maindoc/UBL-Invoice-2.1.xsd')` with the OASIS folder as `dir`: the imports are
 * found by their relative paths). docs/decisions/xml-schema-validation-without-debian.md.
 */

/** The schemas shipped with the server (`server/schemas/`; the same path from src/ and from dist/). */
export const SERVER_SCHEMAS_DIR = resolve(__dirname, '../../../schemas');

/** A schema and every file it may import or include, by path relative to the schema set's folder. */
export interface XmlSchema {
  /** The schema to validate against, relative to the folder (e.g. `pain.001.001.09.xsd`). */
  readonly entry: string;
  readonly files: readonly { readonly fileName: string; readonly contents: string }[];
}

export interface XmlSchemaVerdict {
  readonly valid: boolean;
  /** libxml2's messages, one per problem ("Element '…Nm': [facet 'minLength'] …"); none when valid. */
  readonly errors: readonly string[];
}

const loaded = new Map<string, XmlSchema>();

function schemaFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return schemaFilesUnder(path);
    return /\.(xsd|xml|dtd|ent)$/i.test(entry.name) ? [path] : [];
  });
}

/**
 * Reads `entry` and every schema file beside it or in folders below `dir` (read once, then kept).
 * Imports such as `../common/UBL-CommonAggregateComponents-2.1.xsd` resolve as on disk.
 */
export function loadXmlSchema(dir: string, entry: string): XmlSchema {
  const key = `${resolve(dir)}\0${entry}`;
  const cached = loaded.get(key);
  if (cached) return cached;
  const files = schemaFilesUnder(resolve(dir)).map((path) => ({
    fileName: relative(resolve(dir), path).split(sep).join('/'),
    contents: readFileSync(path, 'utf8'),
  }));
  if (!files.some((f) => f.fileName === entry)) throw new Error(`No schema ${entry} in ${dir}`);
  const schema = { entry, files };
  loaded.set(key, schema);
  return schema;
}

/** Validates the document (UTF-8 text) against the schema; never throws for an invalid document. */
export async function validateAgainstSchema(xml: string, schema: XmlSchema): Promise<XmlSchemaVerdict> {
  const documentName = '__document__.xml';
  const result = await validateXML({
    xml: [{ fileName: documentName, contents: xml }],
    schema: [schema.files.find((f) => f.fileName === schema.entry)!],
    preload: schema.files.filter((f) => f.fileName !== schema.entry),
    // A 500-transfer payout file or a long invoice fits easily; libxml2's default 16 MiB may not.
    initialMemoryPages: 512,
    maxMemoryPages: 4096,
  });
  return {
    valid: result.valid,
    errors: result.errors.map((e) => e.message.replace(/^Schemas validity error : /, '')),
  };
}
