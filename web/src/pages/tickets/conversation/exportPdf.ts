import { pdfSafe, PDF_MAX_PAGES, type TranscriptEntry } from './messages';

/**
 * Writes the transcript as a PDF (spec 000 §2: A4 portrait, 10 mm margins, at most 100 pages) and
 * downloads it. jsPDF is loaded on demand so it stays out of the initial bundle.
 */
export type PdfHeader = { title: string; lines: string[]; truncatedNote: string; pageLabel(page: number, total: number): string };

const MARGIN = 10;
const PAGE_W = 210;
const PAGE_H = 297;
const WIDTH = PAGE_W - 2 * MARGIN;
const FOOTER = 6;

export async function downloadTranscriptPdf(entries: TranscriptEntry[], header: PdfHeader, fileName: string): Promise<{ pages: number; truncated: boolean }> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' });
  const bottom = PAGE_H - MARGIN - FOOTER;
  let y = MARGIN;
  let truncated = false;

  const lineHeight = (size: number) => (size * 25.4 * 1.25) / 72;
  /** Room for `h` mm: a new page when needed; false once the page limit is reached. */
  const ensure = (h: number): boolean => {
    if (y + h <= bottom) return true;
    if (doc.getNumberOfPages() >= PDF_MAX_PAGES) return false;
    doc.addPage();
    y = MARGIN;
    return true;
  };
  const write = (text: string, size: number, style: 'normal' | 'bold' | 'italic', color: [number, number, number] = [0, 0, 0]): boolean => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    doc.setTextColor(...color);
    const lines = doc.splitTextToSize(pdfSafe(text), WIDTH) as string[];
    const lh = lineHeight(size);
    for (const line of lines) {
      if (!ensure(lh)) return false;
      doc.text(line, MARGIN, y, { baseline: 'top' });
      y += lh;
    }
    return true;
  };

  write(header.title, 15, 'bold');
  for (const line of header.lines) write(line, 9, 'normal', [90, 90, 90]);
  y += 2;
  doc.setDrawColor(200, 200, 200);
  doc.line(MARGIN, y, PAGE_W - MARGIN, y);
  y += 4;

  for (const entry of entries) {
    // Keep the sender line with at least one line of text.
    if (!ensure(lineHeight(9) + lineHeight(10))) {
      truncated = true;
      break;
    }
    if (!write(`${entry.sender} - ${entry.when}`, 9, 'bold', [22, 119, 255])) {
      truncated = true;
      break;
    }
    if (entry.text && !write(entry.text, 10, 'normal')) {
      truncated = true;
      break;
    }
    y += 2.5;
  }
  if (truncated) {
    const lh = lineHeight(9);
    if (y + lh > bottom) y = bottom - lh;
    write(header.truncatedNote, 9, 'italic', [200, 0, 0]);
  }

  const total = doc.getNumberOfPages();
  for (let page = 1; page <= total; page += 1) {
    doc.setPage(page);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(130, 130, 130);
    doc.text(pdfSafe(header.pageLabel(page, total)), PAGE_W - MARGIN, PAGE_H - MARGIN, { align: 'right' });
  }
  doc.save(fileName);
  return { pages: total, truncated };
}
