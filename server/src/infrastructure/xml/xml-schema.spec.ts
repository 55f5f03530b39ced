import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadXmlSchema, validateAgainstSchema } from './xml-schema';

/** A schema set laid out like UBL's: the entry in one folder, its types imported from a sibling folder. */
function writeSchemaSet(dir: string): void {
  mkdirSync(join(dir, 'maindoc'));
  mkdirSync(join(dir, 'common'));
  writeFileSync(
    join(dir, 'common', 'amounts.xsd'),
    `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:test:common" elementFormDefault="qualified">
  <xs:simpleType name="Amount"><xs:restriction base="xs:decimal"><xs:fractionDigits value="2"/></xs:restriction></xs:simpleType>
</xs:schema>`,
  );
  writeFileSync(
    join(dir, 'maindoc', 'invoice.xsd'),
    `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:c="urn:test:common" targetNamespace="urn:test:invoice" elementFormDefault="qualified">
  <xs:import namespace="urn:test:common" schemaLocation="../common/amounts.xsd"/>
  <xs:element name="Invoice"><xs:complexType><xs:sequence>
    <xs:element name="Total" type="c:Amount"/>
  </xs:sequence></xs:complexType></xs:element>
</xs:schema>`,
  );
}

describe('XML Schema validation (libxml2 as WebAssembly, no Debian program)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'xsd-'));
    writeSchemaSet(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('accepts a valid document, resolving the schema’s imports by their relative paths', async () => {
    const schema = loadXmlSchema(dir, 'maindoc/invoice.xsd');
    const verdict = await validateAgainstSchema(
      '<Invoice xmlns="urn:test:invoice"><Total>12.40</Total></Invoice>',
      schema,
    );
    expect(verdict).toEqual({ valid: true, errors: [] });
  });

  it('refuses an invalid one and says where and why', async () => {
    const schema = loadXmlSchema(dir, 'maindoc/invoice.xsd');
    const verdict = await validateAgainstSchema(
      '<Invoice xmlns="urn:test:invoice"><Total>12.405</Total></Invoice>',
      schema,
    );
    expect(verdict.valid).toBe(false);
    expect(verdict.errors).toEqual([expect.stringMatching(/Total.*fractionDigits/)]);
  });

  it('refuses a document that is not well-formed', async () => {
    const verdict = await validateAgainstSchema(
      '<Invoice xmlns="urn:test:invoice"><Total>1</Invoice>',
      loadXmlSchema(dir, 'maindoc/invoice.xsd'),
    );
    expect(verdict.valid).toBe(false);
    expect(verdict.errors.length).toBeGreaterThan(0);
  });

  it('names a schema that is not in the folder', () => {
    expect(() => loadXmlSchema(dir, 'maindoc/credit-note.xsd')).toThrow(/No schema maindoc\/credit-note.xsd/);
  });
});
