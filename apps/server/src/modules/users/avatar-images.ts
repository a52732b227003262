import { renderWebpRenditions } from '../../platform/images/renditions.ts';

export const AVATAR_SIZES = { md: 256, xs: 64 } as const;

/** Square renditions of a profile picture. */
export const renderAvatar = (input: Buffer) =>
  renderWebpRenditions(input, {
    md: { width: AVATAR_SIZES.md, height: AVATAR_SIZES.md, fit: 'cover' },
    xs: { width: AVATAR_SIZES.xs, height: AVATAR_SIZES.xs, fit: 'cover' },
  });
