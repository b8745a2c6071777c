/** The part of fontkit (pdfkit's font parser, which has no types of its own) that invoices use. */
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    /** The characters the glyph was first reached from: pdfkit writes them into the ToUnicode map. */
    codePoints: number[];
  }
  /** A parsed font; pdfkit's registerFont takes one in place of a file. */
  export interface Font {
    layout(text: string, features?: unknown): { glyphs: Glyph[] };
    getGlyph(id: number, codePoints?: number[]): Glyph;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
