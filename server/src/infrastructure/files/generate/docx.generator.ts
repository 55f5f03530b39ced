import { escapeXml, layoutPages, type GenerateOptions, type GeneratedDocumentText } from './document-pages';
import { zipParts } from './zip-parts';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>\
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>\
<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>\
<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>\
</Types>`;

const PACKAGE_RELS = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
<Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/>\
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>\
<Relationship Id="rId3" Type="${REL}/extended-properties" Target="docProps/app.xml"/>\
</Relationships>`;

const DOCUMENT_RELS = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
<Relationship Id="rId1" Type="${REL}/styles" Target="styles.xml"/>\
</Relationships>`;

const STYLES = `${XML}<w:styles xmlns:w="${W}">\
<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:cs="Times New Roman"/>\
<w:sz w:val="22"/><w:szCs w:val="22"/></w:rPr></w:rPrDefault>\
<w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="264" w:lineRule="auto"/><w:jc w:val="both"/></w:pPr></w:pPrDefault></w:docDefaults>\
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>\
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>\
<w:pPr><w:spacing w:after="240"/><w:jc w:val="left"/></w:pPr><w:rPr><w:b/><w:sz w:val="32"/><w:szCs w:val="32"/></w:rPr></w:style>\
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>\
<w:pPr><w:keepNext/><w:spacing w:before="120"/><w:jc w:val="left"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/></w:rPr></w:style>\
</w:styles>`;

/** A section heading of templateClauses ("3. Tasu ja maksetingimused"): short, numbered, no full stop. */
const SECTION_HEADING = /^\d{1,3}\. [^.]{1,80}$/u;

function paragraph(
  text: string,
  { style, pageBreakBefore }: { style?: string; pageBreakBefore?: boolean },
): string {
  const properties =
    style !== undefined || pageBreakBefore === true
      ? `<w:pPr>${style !== undefined ? `<w:pStyle w:val="${style}"/>` : ''}${pageBreakBefore === true ? '<w:pageBreakBefore/>' : ''}</w:pPr>`
      : '';
  return `<w:p>${properties}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

function wordCount(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + (text.match(/\S+/g)?.length ?? 0), 0);
}

/**
 * A real Office Open XML document (a zip written with yazl) that Word and LibreOffice open: A4, one
 * explicit page break per laid-out page, section headings in Word's "Heading 1" style, so it has exactly `options.pages` pages when given; the page
 * count is also written where Word keeps it (docProps/app.xml `<Pages>`).
 */
export function generateDocx(doc: GeneratedDocumentText, options: GenerateOptions = {}): Promise<Buffer> {
  const pages = layoutPages(doc, options);
  const body: string[] = [paragraph(doc.title, { style: 'Title' })];
  pages.forEach((page, index) =>
    page.paragraphs.forEach((text, at) =>
      body.push(
        paragraph(text, {
          pageBreakBefore: index > 0 && at === 0,
          ...(SECTION_HEADING.test(text) && { style: 'Heading1' }),
        }),
      ),
    ),
  );
  const texts = [doc.title, ...pages.flatMap((page) => page.paragraphs)];
  const characters = texts.reduce((sum, text) => sum + text.length, 0);
  const document = `${XML}<w:document xmlns:w="${W}" xmlns:r="${REL}"><w:body>${body.join('')}\
<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>\
<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>\
</w:body></w:document>`;
  const core = `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" \
xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" \
xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${escapeXml(doc.title)}</dc:title>\
<dc:language>${escapeXml(doc.language)}</dc:language><dc:creator>Lepinguturg</dc:creator></cp:coreProperties>`;
  const app = `${XML}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" \
xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Application>Lepinguturg</Application>\
<Pages>${pages.length}</Pages><Words>${wordCount(texts)}</Words><Characters>${characters}</Characters>\
<Paragraphs>${texts.length}</Paragraphs></Properties>`;
  return zipParts([
    { name: '[Content_Types].xml', content: CONTENT_TYPES },
    { name: '_rels/.rels', content: PACKAGE_RELS },
    { name: 'word/document.xml', content: document },
    { name: 'word/_rels/document.xml.rels', content: DOCUMENT_RELS },
    { name: 'word/styles.xml', content: STYLES },
    { name: 'docProps/core.xml', content: core },
    { name: 'docProps/app.xml', content: app },
  ]);
}
