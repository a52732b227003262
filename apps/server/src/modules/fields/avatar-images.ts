import { renderWebpRenditions } from '../../platform/images/renditions.ts';

/** Widths of the map snapshot renditions; the height follows the snapshot's aspect ratio. */
export const FIELD_AVATAR_WIDTHS = { md: 512, xs: 128 } as const;

export const renderFieldAvatar = (input: Buffer) =>
  renderWebpRenditions(
    input,
    { md: { width: FIELD_AVATAR_WIDTHS.md }, xs: { width: FIELD_AVATAR_WIDTHS.xs } },
    82,
  );
