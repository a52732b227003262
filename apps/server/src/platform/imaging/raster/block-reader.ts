import { getDecoder } from 'geotiff';
import type { OpenRaster } from './open-raster.ts';

type Decoder = Awaited<ReturnType<typeof getDecoder>>;

// Compressions whose decoders need no extra tables: none, LZW, Adobe deflate, deflate, PackBits.
const SUPPORTED = new Set([1, 5, 8, 32946, 32773]);
const CACHE_BLOCKS = 128;

/**
 * Fast windowed reads of pixel-interleaved 8-bit GeoTIFFs: decoded tiles or strips are copied row
 * by row into the window (geotiff.js's generic reader converts every sample through a DataView)
 * and the last 128 decoded blocks are kept, since neighbouring map tiles share raster blocks.
 */
export class ChunkyBlockReader {
  private readonly cache = new Map<number, Promise<Uint8Array>>();

  private constructor(
    private readonly raster: OpenRaster,
    private readonly decoder: Decoder,
    private readonly blockWidth: number,
    private readonly blockHeight: number,
    readonly samplesPerPixel: number,
  ) {}

  static async open(raster: OpenRaster): Promise<ChunkyBlockReader | null> {
    const { image, info } = raster;
    const directory = image.getFileDirectory();
    const compression = Number(directory.getValue('Compression') ?? 1);
    const planar = Number(directory.getValue('PlanarConfiguration') ?? 1);
    if (
      info.bitsPerSample !== 8 ||
      info.sampleFormat !== 'uint' ||
      planar !== 1 ||
      !SUPPORTED.has(compression)
    ) {
      return null;
    }
    const blockWidth = image.getTileWidth();
    const blockHeight = image.getTileHeight();
    const decoder = await getDecoder(compression, {
      tileWidth: blockWidth,
      tileHeight: blockHeight,
      planarConfiguration: planar,
      bitsPerSample: await directory.loadValue('BitsPerSample'),
      predictor: Number((await directory.loadValue('Predictor')) ?? 1),
    } as Parameters<typeof getDecoder>[1]);
    return new ChunkyBlockReader(raster, decoder, blockWidth, blockHeight, info.bandCount);
  }

  private block(column: number, row: number): Promise<Uint8Array> {
    const across = Math.ceil(this.raster.info.width / this.blockWidth);
    const key = row * across + column;
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const promise = this.raster.image
      .getTileOrStrip(column, row, 0, this.decoder)
      .then((tile) => new Uint8Array(tile.data as ArrayBuffer));
    this.cache.set(key, promise);
    if (this.cache.size > CACHE_BLOCKS) this.cache.delete(this.cache.keys().next().value as number);
    return promise;
  }

  /** All bands of a window, pixel-interleaved (`w × h × samplesPerPixel` bytes). */
  async readWindow(window: { x: number; y: number; w: number; h: number }): Promise<Uint8Array> {
    const spp = this.samplesPerPixel;
    const out = new Uint8Array(window.w * window.h * spp);
    const firstColumn = Math.floor(window.x / this.blockWidth);
    const lastColumn = Math.floor((window.x + window.w - 1) / this.blockWidth);
    const firstRow = Math.floor(window.y / this.blockHeight);
    const lastRow = Math.floor((window.y + window.h - 1) / this.blockHeight);
    const jobs: Promise<void>[] = [];
    for (let row = firstRow; row <= lastRow; row++) {
      for (let column = firstColumn; column <= lastColumn; column++) {
        jobs.push(
          this.block(column, row).then((data) => {
            const blockX = column * this.blockWidth;
            const blockY = row * this.blockHeight;
            const x0 = Math.max(window.x, blockX);
            const x1 = Math.min(window.x + window.w, blockX + this.blockWidth, this.raster.info.width);
            const y0 = Math.max(window.y, blockY);
            const y1 = Math.min(window.y + window.h, blockY + this.blockHeight, this.raster.info.height);
            const length = (x1 - x0) * spp;
            for (let y = y0; y < y1; y++) {
              const from = ((y - blockY) * this.blockWidth + (x0 - blockX)) * spp;
              out.set(
                data.subarray(from, from + length),
                ((y - window.y) * window.w + (x0 - window.x)) * spp,
              );
            }
          }),
        );
      }
    }
    await Promise.all(jobs);
    return out;
  }
}
