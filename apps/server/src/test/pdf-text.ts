import { PDFParse } from 'pdf-parse';

/** The text of a PDF with all whitespace (also no-break spaces) collapsed to single spaces. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const { text } = await parser.getText();
    return text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}
