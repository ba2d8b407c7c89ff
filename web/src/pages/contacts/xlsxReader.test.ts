import { describe, expect, it } from 'vitest';
import { columnIndex, firstSheetPath, parseSharedStrings, parseSheetXml, readXlsx } from './xlsxReader';

/** A minimal zip writer (stored or deflated entries), enough for the reader. */
async function zip(files: Record<string, string>, deflate: boolean): Promise<ArrayBuffer> {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const raw = enc.encode(text);
    const data = deflate ? new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer()) : raw;
    const n = enc.encode(name);
    const local = new Uint8Array(30 + n.length + data.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(8, deflate ? 8 : 0, true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, raw.length, true);
    lv.setUint16(26, n.length, true);
    local.set(n, 30);
    local.set(data, 30 + n.length);
    const central = new Uint8Array(46 + n.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(10, deflate ? 8 : 0, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, raw.length, true);
    cv.setUint16(28, n.length, true);
    cv.setUint32(42, offset, true);
    central.set(n, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const centralSize = centrals.reduce((s, c) => s + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, centrals.length, true);
  ev.setUint16(10, centrals.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  return new Blob([...locals, ...centrals, end] as BlobPart[]).arrayBuffer();
}

const sheet = `<worksheet><sheetData>
<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="D1" t="inlineStr"><is><t>Tags</t></is></c></row>
<row r="2"/>
<row r="3"><c r="A3" t="s"><v>2</v></c><c r="B3"><v>5511999998888</v></c><c r="D3" t="str"><v>vip, novo</v></c></row>
</sheetData></worksheet>`;
const shared = '<sst><si><t>Nome</t></si><si><r><t>Núm</t></r><r><t>ero</t></r></si><si><t xml:space="preserve">Ana &amp; Bia </t></si></sst>';

describe('xlsx reader', () => {
  it('column letters', () => {
    expect(columnIndex('A')).toBe(0);
    expect(columnIndex('Z')).toBe(25);
    expect(columnIndex('AA')).toBe(26);
  });
  it('shared strings join rich-text runs and decode entities', () => {
    expect(parseSharedStrings(shared)).toEqual(['Nome', 'Número', 'Ana & Bia ']);
  });
  it('reads header and rows with their spreadsheet numbers', () => {
    expect(parseSheetXml(sheet, parseSharedStrings(shared))).toEqual({
      headers: ['Nome', 'Número', '', 'Tags'],
      rows: [{ row: 3, cells: ['Ana & Bia', '5511999998888', '', 'vip, novo'] }],
    });
  });
  it('finds the first sheet through the relationships', () => {
    const wb = '<workbook><sheets><sheet name="Contatos" sheetId="1" r:id="rId3"/></sheets></workbook>';
    const rels = '<Relationships><Relationship Id="rId1" Target="styles.xml"/><Relationship Id="rId3" Type="x" Target="worksheets/sheet9.xml"/></Relationships>';
    expect(firstSheetPath(wb, rels)).toBe('xl/worksheets/sheet9.xml');
    expect(firstSheetPath(null, null)).toBe('xl/worksheets/sheet1.xml');
  });
  it.each([false, true])('reads a whole workbook (deflate %s)', async (deflate) => {
    const file = await zip({ 'xl/worksheets/sheet1.xml': sheet, 'xl/sharedStrings.xml': shared }, deflate);
    const preview = await readXlsx(file);
    expect(preview.headers).toEqual(['Nome', 'Número', '', 'Tags']);
    expect(preview.rows).toHaveLength(1);
  });
  it('rejects what is not a zip', async () => {
    await expect(readXlsx(new TextEncoder().encode('hello').buffer as ArrayBuffer)).rejects.toThrow();
  });
});
