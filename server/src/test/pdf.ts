import type { Stream } from 'node:stream';
import { extractText, getDocumentProxy } from 'unpdf';

/** Collects a binary answer (a PDF) into a Buffer as its body; for supertest's `.parse`. */
export function bufferBody(res: Stream, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** The text of a PDF, every page joined, runs of white space read as one space. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
