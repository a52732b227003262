import {
  BaseClient,
  BaseResponse,
  type BlockedSourceOptions,
  fromCustomClient,
  type GeoTIFF,
  type GeoTIFFImage,
  type RemoteSourceOptions,
} from 'geotiff';
import { AgroRequestError } from '../types.ts';

/** Header and tile reads are grouped in blocks this large (a Sentinel-2 COG header fits in one). */
const BLOCK_BYTES = 64 * 1024;

class RangeResponse extends BaseResponse {
  constructor(
    private readonly response: Response,
    private readonly body: ArrayBuffer,
  ) {
    super();
  }
  override get status() {
    return this.response.status;
  }
  override getHeader(name: string) {
    return this.response.headers.get(name) ?? undefined;
  }
  override async getData() {
    return this.body;
  }
}

/**
 * geotiff.js's HTTP client with a deadline per request and our failure kinds. A server that answers
 * a range request with the whole file is refused before its body is read: a Sentinel-2 band is
 * ~100 MB and we want a few tiles of it.
 */
class RangeClient extends BaseClient {
  /** geotiff.js's block cache replaces a failed request's error by "Request failed": kept here. */
  lastError: AgroRequestError | null = null;
  constructor(
    url: string,
    private readonly timeoutMs: number,
  ) {
    super(url);
  }
  override async request(options: RequestInit = {}): Promise<BaseResponse> {
    try {
      return await this.send(options);
    } catch (error) {
      this.lastError = error as AgroRequestError;
      throw error;
    }
  }
  private async send(options: RequestInit): Promise<BaseResponse> {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    let response: Response;
    let body: ArrayBuffer;
    try {
      response = await fetch(this.url, { headers: options.headers, signal });
      if (response.status === 200 && new Headers(options.headers).has('Range')) {
        await response.body?.cancel();
        throw new AgroRequestError('http', `${this.url} ignores range requests`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        const kind = response.status === 429 ? 'rate_limited' : 'http';
        throw new AgroRequestError(kind, `${this.url} answered ${response.status}`, response.status);
      }
      body = await response.arrayBuffer();
    } catch (error) {
      if (error instanceof AgroRequestError) throw error;
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new AgroRequestError('timeout', `no answer within ${this.timeoutMs} ms from ${this.url}`);
      throw new AgroRequestError('network', `${this.url}: ${(error as Error).message}`);
    }
    return new RangeResponse(response, body);
  }
}

/** A window of one band on its own grid: `data[row * width + col]`, rows from the top. */
export interface BandGrid {
  originX: number;
  originY: number;
  resX: number;
  /** Negative for north-up rasters. */
  resY: number;
  col0: number;
  row0: number;
  width: number;
  height: number;
  data: ArrayLike<number>;
}

export interface OpenCog {
  image: GeoTIFFImage;
  client: RangeClient;
  /** The projected CRS from the GeoTIFF's geokeys, when it names one. */
  epsg: number | null;
  close(): Promise<void>;
}

/** Opens a cloud-optimised GeoTIFF over HTTP: only its header is read here. */
export async function openCog(href: string, timeoutMs: number): Promise<OpenCog> {
  const client = new RangeClient(href, timeoutMs);
  let tiff: GeoTIFF;
  let image: GeoTIFFImage;
  try {
    // geotiff.js honours the block options here though its types list only the remote ones.
    const sourceOptions: RemoteSourceOptions & BlockedSourceOptions = { blockSize: BLOCK_BYTES };
    tiff = await fromCustomClient(client, sourceOptions);
    image = await tiff.getImage(0);
  } catch (error) {
    throw client.lastError ?? asReadError(href, error);
  }
  const keys = image.getGeoKeys() ?? {};
  const projected = Number(keys.ProjectedCSTypeGeoKey);
  return {
    image,
    client,
    epsg: Number.isInteger(projected) && projected > 0 && projected !== 32767 ? projected : null,
    close: async () => {
      await tiff.close();
    },
  };
}

/**
 * Reads the pixels of band 1 covering a box of the raster's CRS (plus one pixel around it), fetching
 * only the tiles the window touches. A box outside the raster gives an empty grid.
 */
export async function readWindow(
  cog: OpenCog,
  box: { minX: number; minY: number; maxX: number; maxY: number },
): Promise<BandGrid> {
  const { image } = cog;
  const [originX = 0, originY = 0] = image.getOrigin();
  const [resX = 1, resY = -1] = image.getResolution();
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
  const cols = [(box.minX - originX) / resX, (box.maxX - originX) / resX];
  const rows = [(box.maxY - originY) / resY, (box.minY - originY) / resY];
  const col0 = clamp(Math.floor(Math.min(...cols)) - 1, image.getWidth());
  const col1 = clamp(Math.ceil(Math.max(...cols)) + 1, image.getWidth());
  const row0 = clamp(Math.floor(Math.min(...rows)) - 1, image.getHeight());
  const row1 = clamp(Math.ceil(Math.max(...rows)) + 1, image.getHeight());
  const grid = { originX, originY, resX, resY, col0, row0, width: col1 - col0, height: row1 - row0 };
  if (grid.width <= 0 || grid.height <= 0) return { ...grid, width: 0, height: 0, data: [] };
  try {
    const rasters = await image.readRasters({
      window: [col0, row0, col1, row1],
      samples: [0],
      interleave: false,
    });
    return { ...grid, data: (rasters as unknown as ArrayLike<number>[])[0] ?? [] };
  } catch (error) {
    throw cog.client.lastError ?? asReadError(cog.client.url, error);
  }
}

function asReadError(href: string, error: unknown): AgroRequestError {
  if (error instanceof AgroRequestError) return error;
  return new AgroRequestError(
    'bad_response',
    `${href} is not a readable GeoTIFF: ${(error as Error).message}`,
  );
}

/** The value of the grid's pixel containing a CRS position, or null outside the window. */
export function sampleAt(grid: BandGrid, x: number, y: number): number | null {
  const col = Math.floor((x - grid.originX) / grid.resX) - grid.col0;
  const row = Math.floor((y - grid.originY) / grid.resY) - grid.row0;
  if (col < 0 || row < 0 || col >= grid.width || row >= grid.height) return null;
  return grid.data[row * grid.width + col] as number;
}
