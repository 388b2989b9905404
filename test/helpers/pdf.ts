import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';

/**
 * The text of a PDF, one string per page, read with pdf.js from npm so that the tests need
 * nothing but Node. pdf.js gives runs of text with their positions; they are put back into
 * lines as a reader sees them: runs on one baseline left to right, with a space where
 * there is a visible gap between two runs, and the lines top to bottom, one per row.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  // pdf.js refuses a Buffer and takes the array it is given over: it gets a copy of its own.
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      const runs = content.items.filter((item): item is TextItem => 'str' in item && item.str.trim() !== '');
      pages.push(lines(runs).join('\n'));
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

interface Run {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

function lines(items: TextItem[]): string[] {
  const runs: Run[] = items.map((item) => ({
    text: item.str,
    x: item.transform[4],
    y: item.transform[5],
    width: item.width,
    size: Math.hypot(item.transform[2], item.transform[3]) || item.height,
  }));
  runs.sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Run[][] = [];
  for (const run of runs) {
    const row = rows.at(-1);
    // Baselines less than a third of the font size apart are one line (a superscript, a bold word).
    if (row && Math.abs(row[0]!.y - run.y) <= row[0]!.size / 3) row.push(run);
    else rows.push([run]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    let text = '';
    let end = Number.NEGATIVE_INFINITY;
    for (const run of row) {
      // A gap wider than a fifth of the font size reads as a space; a narrower one is kerning.
      if (text !== '' && run.x - end > run.size / 5 && !text.endsWith(' ') && !run.text.startsWith(' ')) text += ' ';
      text += run.text;
      end = run.x + run.width;
    }
    return text.trim();
  });
}
