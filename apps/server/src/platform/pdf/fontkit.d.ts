/** The part of fontkit (pdfkit's font engine, no types of its own) the PDF kit uses. */
declare module 'fontkit' {
  /** A parsed font: pdfkit takes one in place of a file (it lays text out with `layout`). */
  export interface Font {
    layout(text: string, features?: unknown): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
