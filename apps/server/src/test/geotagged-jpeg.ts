import sharp from 'sharp';

type Entry = { tag: number; type: 'ascii' | 'byte' | 'long' | 'rational'; value: string | number[] };

const TYPE_CODES = { byte: 1, ascii: 2, long: 4, rational: 5 } as const;
const TYPE_SIZES = { byte: 1, ascii: 1, long: 4, rational: 8 } as const;

/** One little-endian IFD at `offset` of the TIFF block; returns its bytes (entries then data). */
function ifd(entries: Entry[], offset: number): Buffer {
  const head = Buffer.alloc(2 + entries.length * 12 + 4);
  head.writeUInt16LE(entries.length, 0);
  const data: Buffer[] = [];
  let dataOffset = offset + head.length;
  entries.forEach((entry, i) => {
    const at = 2 + i * 12;
    const bytes =
      entry.type === 'ascii'
        ? Buffer.from(`${entry.value}\0`, 'latin1')
        : Buffer.concat(
            (entry.value as number[]).map((n) => {
              if (entry.type === 'byte') return Buffer.from([n]);
              if (entry.type === 'long') {
                const b = Buffer.alloc(4);
                b.writeUInt32LE(n);
                return b;
              }
              const b = Buffer.alloc(8);
              const denominator = 10_000;
              b.writeUInt32LE(Math.round(n * denominator), 0);
              b.writeUInt32LE(denominator, 4);
              return b;
            }),
          );
    const count = entry.type === 'ascii' ? bytes.length : (entry.value as number[]).length;
    head.writeUInt16LE(entry.tag, at);
    head.writeUInt16LE(TYPE_CODES[entry.type], at + 2);
    head.writeUInt32LE(count, at + 4);
    if (count * TYPE_SIZES[entry.type] <= 4) {
      bytes.copy(head, at + 8);
    } else {
      head.writeUInt32LE(dataOffset, at + 8);
      const padded = bytes.length % 2 ? Buffer.concat([bytes, Buffer.alloc(1)]) : bytes;
      data.push(padded);
      dataOffset += padded.length;
    }
  });
  return Buffer.concat([head, ...data]);
}

const dms = (degrees: number) => {
  const abs = Math.abs(degrees);
  const d = Math.floor(abs);
  const m = Math.floor((abs - d) * 60);
  return [d, m, (abs - d - m / 60) * 3600];
};

/** An EXIF APP1 segment with camera make/model and, when given, a GPS position. */
export function exifSegment(options: {
  make?: string;
  model?: string;
  gps?: { lat: number; lng: number; altitude?: number };
  /** Capture time as EXIF writes it (`YYYY:MM:DD HH:MM:SS`), stored as IFD0 DateTime. */
  takenAt?: string;
}) {
  const ifd0Entries: Entry[] = [
    { tag: 0x010f, type: 'ascii', value: options.make ?? 'DJI' },
    { tag: 0x0110, type: 'ascii', value: options.model ?? 'FC6310' },
  ];
  if (options.takenAt) ifd0Entries.push({ tag: 0x0132, type: 'ascii', value: options.takenAt });
  if (options.gps) ifd0Entries.push({ tag: 0x8825, type: 'long', value: [0] });
  // IFD0 starts after the 8-byte TIFF header; its size does not depend on the GPS pointer's value.
  let ifd0 = ifd(ifd0Entries, 8);
  let gpsIfd: Buffer = Buffer.alloc(0);
  if (options.gps) {
    const gpsOffset = 8 + ifd0.length;
    (ifd0Entries[ifd0Entries.length - 1] as Entry).value = [gpsOffset];
    ifd0 = ifd(ifd0Entries, 8);
    const { lat, lng, altitude = 0 } = options.gps;
    gpsIfd = ifd(
      [
        { tag: 0x0000, type: 'byte', value: [2, 3, 0, 0] },
        { tag: 0x0001, type: 'ascii', value: lat >= 0 ? 'N' : 'S' },
        { tag: 0x0002, type: 'rational', value: dms(lat) },
        { tag: 0x0003, type: 'ascii', value: lng >= 0 ? 'E' : 'W' },
        { tag: 0x0004, type: 'rational', value: dms(lng) },
        { tag: 0x0005, type: 'byte', value: [0] },
        { tag: 0x0006, type: 'rational', value: [altitude] },
      ],
      gpsOffset,
    );
  }
  const tiff = Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), ifd0, gpsIfd]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const marker = Buffer.from([0xff, 0xe1, 0, 0]);
  marker.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([marker, payload]);
}

/** A small vineyard-green JPEG with real EXIF (GPS when given), as a drone camera writes it. */
export async function geotaggedJpeg(
  options: Parameters<typeof exifSegment>[0] & { width?: number; height?: number },
) {
  const jpeg = await sharp({
    create: { width: options.width ?? 96, height: options.height ?? 72, channels: 3, background: '#4f7d34' },
  })
    .jpeg()
    .toBuffer();
  // The segment goes right after SOI (FF D8).
  return Buffer.concat([jpeg.subarray(0, 2), exifSegment(options), jpeg.subarray(2)]);
}

/**
 * A geotagged JPEG whose frame header declares `width × height` (a pixel flood: a few hundred bytes
 * that would decode to gigabytes). The scan data stays the small image's.
 */
export async function pixelFloodJpeg(
  options: Parameters<typeof exifSegment>[0] & { width: number; height: number },
): Promise<Buffer> {
  const jpeg = Buffer.from(await geotaggedJpeg({ ...options, width: 64, height: 48 }));
  for (let at = 2; at + 9 < jpeg.length; ) {
    const marker = jpeg[at + 1] as number;
    const length = jpeg.readUInt16BE(at + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): height then width after the precision byte.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      jpeg.writeUInt16BE(options.height, at + 5);
      jpeg.writeUInt16BE(options.width, at + 7);
      return jpeg;
    }
    at += 2 + length;
  }
  throw new Error('no frame header in the JPEG');
}
