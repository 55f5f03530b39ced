import { ODT_MIME_TYPE } from '../file-signatures';
import { escapeXml, layoutPages, type GenerateOptions, type GeneratedDocumentText } from './document-pages';
import { zipParts } from './zip-parts';

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" \
xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" \
xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" \
xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" \
xmlns:dc="http://purl.org/dc/elements/1.1/" \
xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" office:version="1.3"`;

const MANIFEST = `${XML}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">\
<manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="${ODT_MIME_TYPE}"/>\
<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>\
<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>\
<manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>\
</manifest:manifest>`;

const STYLES = `${XML}<office:document-styles ${NS}>\
<office:styles><style:default-style style:family="paragraph">\
<style:paragraph-properties fo:margin-bottom="0.21cm" fo:text-align="justify"/>\
<style:text-properties style:font-name="Times New Roman" fo:font-family="'Times New Roman'" fo:font-size="11pt"/>\
</style:default-style><style:style style:name="Standard" style:family="paragraph"/></office:styles>\
<office:automatic-styles><style:page-layout style:name="A4">\
<style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="2.54cm" \
fo:margin-bottom="2.54cm" fo:margin-left="2.54cm" fo:margin-right="2.54cm"/></style:page-layout></office:automatic-styles>\
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="A4"/></office:master-styles>\
</office:document-styles>`;

/**
 * A real OpenDocument text (a zip written with yazl: `mimetype` first and stored, then manifest, content,
 * styles and meta) that LibreOffice opens; one page break per laid-out page, and the page count in
 * meta.xml's `meta:document-statistic`.
 */
export function generateOdt(doc: GeneratedDocumentText, options: GenerateOptions = {}): Promise<Buffer> {
  const pages = layoutPages(doc, options);
  const body: string[] = [`<text:p text:style-name="P1">${escapeXml(doc.title)}</text:p>`];
  pages.forEach((page, index) =>
    page.paragraphs.forEach((text, at) =>
      body.push(
        `<text:p text:style-name="${index > 0 && at === 0 ? 'P2' : 'Standard'}">${escapeXml(text)}</text:p>`,
      ),
    ),
  );
  const content = `${XML}<office:document-content ${NS}><office:automatic-styles>\
<style:style style:name="P1" style:family="paragraph" style:parent-style-name="Standard">\
<style:paragraph-properties fo:margin-bottom="0.42cm" fo:text-align="start"/>\
<style:text-properties fo:font-size="16pt" fo:font-weight="bold"/></style:style>\
<style:style style:name="P2" style:family="paragraph" style:parent-style-name="Standard">\
<style:paragraph-properties fo:break-before="page"/></style:style>\
</office:automatic-styles><office:body><office:text>${body.join('')}</office:text></office:body></office:document-content>`;
  const texts = [doc.title, ...pages.flatMap((page) => page.paragraphs)];
  const words = texts.reduce((sum, text) => sum + (text.match(/\S+/g)?.length ?? 0), 0);
  const characters = texts.reduce((sum, text) => sum + text.length, 0);
  const meta = `${XML}<office:document-meta ${NS}><office:meta><meta:generator>Lepinguturg</meta:generator>\
<dc:title>${escapeXml(doc.title)}</dc:title><dc:language>${escapeXml(doc.language)}</dc:language>\
<meta:document-statistic meta:page-count="${pages.length}" meta:paragraph-count="${texts.length}" \
meta:word-count="${words}" meta:character-count="${characters}"/></office:meta></office:document-meta>`;
  return zipParts([
    { name: 'mimetype', content: ODT_MIME_TYPE, stored: true },
    { name: 'META-INF/manifest.xml', content: MANIFEST },
    { name: 'content.xml', content },
    { name: 'styles.xml', content: STYLES },
    { name: 'meta.xml', content: meta },
  ]);
}
