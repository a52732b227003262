import { describe, expect, it } from 'vitest';
import { parseUploadMetadata } from './upload-routes.ts';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('parseUploadMetadata', () => {
  it('decodes the base64 values of a tus Upload-Metadata header', () => {
    const header = `reportUuid ${b64('r-1')},filename ${b64('Αμπέλι 1.JPG')},empty`;
    expect(parseUploadMetadata(header)).toEqual({ reportUuid: 'r-1', filename: 'Αμπέλι 1.JPG', empty: '' });
  });

  it('reads a missing or malformed header as no metadata', () => {
    expect(parseUploadMetadata(undefined)).toEqual({});
    expect(parseUploadMetadata('filename not-base64!')).toEqual({});
    expect(parseUploadMetadata(`filename ${b64('a')},filename ${b64('b')}`)).toEqual({});
  });
});
