import type { Cell, ReportChart, ReportSection } from './exportRules';

/**
 * Writes the dashboard report as a PDF (A4 portrait) and downloads it: the meta lines, then each section as a
 * table, or drawn as a bar chart when it has one. jsPDF is loaded on demand so it stays out of the page's chunk.
 */
export type PdfOptions = {
  /** A number as it is written in the current language. */
  number(n: number): string;
  pageLabel(page: number, total: number): string;
};

const MARGIN = 12;
const PAGE_W = 210;
const PAGE_H = 297;
const WIDTH = PAGE_W - 2 * MARGIN;
const FOOTER = 6;
const BOTTOM = PAGE_H - MARGIN - FOOTER;
const CELL_PAD = 1.5;
const PRIMARY: [number, number, number] = [22, 119, 255];

const SUBSTITUTES: Record<string, string> = { '—': '-', '–': '-', '−': '-', '…': '...', '“': '"', '”': '"', '‘': "'", '’': "'", '·': '-' };

/** Text the PDF's standard font can write (Latin-1; common typography replaced, the rest left out). */
export function pdfText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (SUBSTITUTES[ch] !== undefined) out += SUBSTITUTES[ch];
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || ch === '\n') out += ch;
  }
  return out;
}

const lineHeight = (size: number) => (size * 25.4 * 1.2) / 72;

export async function downloadReportPdf(meta: readonly Cell[][], sections: readonly ReportSection[], fileName: string, options: PdfOptions): Promise<void> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' });
  let y = MARGIN;
  const cell = (value: Cell) => (value === null || value === undefined ? '' : typeof value === 'number' ? options.number(value) : pdfText(value));

  /** Room for `h` mm, on a new page when this one is full. */
  const ensure = (h: number): boolean => {
    if (y + h <= BOTTOM) return false;
    doc.addPage();
    y = MARGIN;
    return true;
  };
  const font = (size: number, style: 'normal' | 'bold' = 'normal', color: [number, number, number] = [0, 0, 0]) => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    doc.setTextColor(...color);
  };

  // Title and meta lines.
  const [title, ...lines] = meta;
  font(16, 'bold');
  doc.text(cell(title?.[0] ?? null), MARGIN, y, { baseline: 'top' });
  y += lineHeight(16) + 1;
  font(9, 'normal', [90, 90, 90]);
  for (const line of lines) {
    doc.text(line.map(cell).join(': '), MARGIN, y, { baseline: 'top' });
    y += lineHeight(9);
  }
  y += 2;
  doc.setDrawColor(200, 200, 200);
  doc.line(MARGIN, y, PAGE_W - MARGIN, y);
  y += 5;

  for (const section of sections) {
    // The title keeps company with at least a few lines of what follows.
    ensure(lineHeight(12) + 20);
    font(12, 'bold', PRIMARY);
    doc.text(pdfText(section.title), MARGIN, y, { baseline: 'top' });
    y += lineHeight(12) + 2;
    if (section.chart) drawChart(section.chart);
    else drawTable(section);
    y += 6;
  }

  function drawTable(section: ReportSection) {
    const columns = Math.max(section.header.length, ...section.rows.map((r) => r.length));
    const size = 8.5;
    const widths = columnWidths(section, columns, size);
    // Columns of numbers are aligned right, their header too.
    const numeric = Array.from({ length: columns }, (_, c) => section.rows.some((r) => typeof r[c] === 'number'));

    const lh = lineHeight(size);
    const row = (values: readonly string[], header: boolean, source: readonly Cell[] = []) => {
      font(size, header ? 'bold' : 'normal');
      // A row alone (one cell, e.g. "no alerts") spans the whole width.
      const spans = values.length === 1 && columns > 1 ? [WIDTH] : widths;
      const wrapped = values.map((v, c) => doc.splitTextToSize(v, (spans[c] ?? WIDTH) - 2 * CELL_PAD) as string[]);
      const height = Math.max(1, ...wrapped.map((w) => w.length)) * lh + 2 * CELL_PAD;
      if (ensure(height) && !header) {
        // A new page repeats the header.
        row(
          section.header.map((h) => pdfText(h)),
          true,
        );
        font(size, 'normal');
      }
      if (header) {
        doc.setFillColor(240, 242, 245);
        doc.rect(MARGIN, y, WIDTH, height, 'F');
      }
      let x = MARGIN;
      wrapped.forEach((w, c) => {
        const right = header ? numeric[c] && spans.length > 1 : typeof source[c] === 'number';
        const span = spans[c] ?? WIDTH;
        doc.text(w, right ? x + span - CELL_PAD : x + CELL_PAD, y + CELL_PAD, { baseline: 'top', align: right ? 'right' : 'left' });
        x += span;
      });
      y += height;
      doc.setDrawColor(225, 225, 225);
      doc.line(MARGIN, y, PAGE_W - MARGIN, y);
    };
    ensure(lh * 2 + 4 * CELL_PAD);
    row(
      section.header.map((h) => pdfText(h)),
      true,
    );
    for (const r of section.rows) row(r.map(cell), false, r);
  }

  /**
   * Column widths filling the page: each column as wide as its longest text when all fit; otherwise at least
   * its header's longest word, the room left shared by how much more each would take.
   */
  function columnWidths(section: ReportSection, columns: number, size: number): number[] {
    const measure = (text: string, style: 'normal' | 'bold') => {
      font(size, style);
      return doc.getTextWidth(text) + 2 * CELL_PAD + 0.5;
    };
    // A row of one cell spans the table: it does not widen its column.
    const rows = section.rows.filter((r) => r.length > 1 || columns === 1);
    const natural = Array.from({ length: columns }, (_, c) =>
      Math.max(measure(pdfText(section.header[c] ?? ''), 'bold'), ...rows.map((r) => measure(cell(r[c] ?? null), 'normal'))),
    );
    const least = Array.from({ length: columns }, (_, c) =>
      Math.max(
        10,
        ...pdfText(section.header[c] ?? '')
          .split(/\s+/)
          .map((word) => measure(word, 'bold')),
      ),
    );
    const total = natural.reduce((a, b) => a + b, 0);
    if (total <= WIDTH) return natural.map((w) => (w * WIDTH) / total);
    const floor = least.map((l, c) => Math.min(l, natural[c]!));
    const room = Math.max(0, WIDTH - floor.reduce((a, b) => a + b, 0));
    const wish = natural.map((n, c) => n - floor[c]!);
    const wishes = wish.reduce((a, b) => a + b, 0) || 1;
    const widths = floor.map((f, c) => f + (room * wish[c]!) / wishes);
    const scale = WIDTH / widths.reduce((a, b) => a + b, 0);
    return widths.map((w) => w * scale);
  }

  function drawChart(chart: ReportChart) {
    const max = Math.max(1, ...chart.bars.map((b) => b.total));
    if (chart.kind === 'bars') {
      const barH = 4.5;
      const labelW = 50;
      const valueW = 16;
      for (const b of chart.bars) {
        ensure(barH + 1.5);
        font(8.5);
        const label = (doc.splitTextToSize(pdfText(b.label), labelW - 2) as string[])[0] ?? '';
        doc.text(label, MARGIN, y + barH / 2, { baseline: 'middle' });
        const w = ((WIDTH - labelW - valueW) * b.total) / max;
        doc.setFillColor(...PRIMARY);
        if (w > 0) doc.rect(MARGIN + labelW, y, Math.max(w, 0.5), barH, 'F');
        doc.text(options.number(b.total), PAGE_W - MARGIN, y + barH / 2, { baseline: 'middle', align: 'right' });
        y += barH + 1.5;
      }
      return;
    }
    const height = 50;
    ensure(height + 10);
    const gap = chart.bars.length > 60 ? 0.3 : 1;
    const colW = (WIDTH - gap * (chart.bars.length - 1)) / Math.max(chart.bars.length, 1);
    const base = y + height;
    doc.setDrawColor(200, 200, 200);
    doc.line(MARGIN, base, PAGE_W - MARGIN, base);
    const every = Math.ceil(chart.bars.length / 12);
    chart.bars.forEach((b, i) => {
      const x = MARGIN + i * (colW + gap);
      const h = (height * b.total) / max;
      doc.setFillColor(...PRIMARY);
      if (h > 0) doc.rect(x, base - h, colW, h, 'F');
      font(6.5, 'normal', [90, 90, 90]);
      if (chart.bars.length <= 31 && b.total > 0) doc.text(options.number(b.total), x + colW / 2, base - h - 0.8, { align: 'center' });
      if (i % every === 0) doc.text(pdfText(b.label), x + colW / 2, base + 1.5, { baseline: 'top', align: 'center' });
    });
    y = base + 6;
  }

  const total = doc.getNumberOfPages();
  for (let page = 1; page <= total; page += 1) {
    doc.setPage(page);
    font(8, 'normal', [130, 130, 130]);
    doc.text(pdfText(options.pageLabel(page, total)), PAGE_W - MARGIN, PAGE_H - MARGIN, { align: 'right' });
  }
  doc.save(fileName);
}
