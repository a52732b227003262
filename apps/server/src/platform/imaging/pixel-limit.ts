/**
 * The most pixels a photo may declare. Ingest refuses larger photos with a reason the customer
 * reads; every sharp decode of an uploaded photo passes this limit so a header that lies (60000 ×
 * 60000 in a few hundred bytes) can never make libvips allocate gigabytes. Orthomosaics are read
 * by windows (geotiff), never whole, and have their own cap at ingest.
 */
export const DEFAULT_PHOTO_MAX_MEGAPIXELS = 120;

let photoMaxPixels = DEFAULT_PHOTO_MAX_MEGAPIXELS * 1_000_000;

/** Set once at start from the configuration (IMAGING_MAX_PHOTO_MEGAPIXELS). */
export function setPhotoMaxPixels(pixels: number) {
  if (!Number.isFinite(pixels) || pixels <= 0) throw new Error(`invalid photo pixel limit: ${pixels}`);
  photoMaxPixels = Math.floor(pixels);
}

/** The `limitInputPixels` of every sharp call on an uploaded photo. */
export const photoPixelLimit = () => photoMaxPixels;

/** Thrown by `readPhotoMetadata` when the header declares more pixels than the limit. */
export class ImageTooLargeError extends Error {}
