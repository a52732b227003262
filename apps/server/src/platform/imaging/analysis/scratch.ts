/**
 * Working buffers of the per-image kernels, reused from one image to the next. Fresh multi-megabyte
 * typed arrays for every image cost page faults and full garbage collections (external memory)
 * that took longer than the arithmetic. Only synchronous code may hold a scratch buffer, and it
 * must not escape (returned results are always fresh arrays); each name is one buffer.
 */
const float32 = new Map<string, Float32Array>();
const float64 = new Map<string, Float64Array>();
const uint8 = new Map<string, Uint8Array>();
const int32 = new Map<string, Int32Array>();

function take<T extends Float32Array | Float64Array | Uint8Array | Int32Array>(
  pool: Map<string, T>,
  make: (n: number) => T,
  name: string,
  n: number,
  zeroed: boolean,
): T {
  const held = pool.get(name);
  if (held && held.length >= n) {
    const view = held.subarray(0, n) as T;
    if (zeroed) view.fill(0);
    return view;
  }
  const fresh = make(n);
  pool.set(name, fresh);
  return fresh;
}

export const scratchFloat32 = (name: string, n: number, zeroed = false) =>
  take(float32, (size) => new Float32Array(size), name, n, zeroed);

export const scratchFloat64 = (name: string, n: number, zeroed = false) =>
  take(float64, (size) => new Float64Array(size), name, n, zeroed);

export const scratchUint8 = (name: string, n: number, zeroed = false) =>
  take(uint8, (size) => new Uint8Array(size), name, n, zeroed);

export const scratchInt32 = (name: string, n: number, zeroed = false) =>
  take(int32, (size) => new Int32Array(size), name, n, zeroed);
