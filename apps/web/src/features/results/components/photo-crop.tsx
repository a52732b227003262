import { type ResultsBoxView, stressColourHex } from '@ampelos/domain';
import { Box, Skeleton } from '@mantine/core';
import { useState } from 'react';

interface PhotoCropProps {
  url: string;
  box: ResultsBoxView;
  width: number;
  height: number;
  alt: string;
}

/**
 * The plant in its photo: the HD image cut around the box (twice the box's size, at least 160 HD
 * pixels) with the box outlined. Scaled with CSS, so the browser fetches the photo once for this and
 * the HD view.
 */
export function PhotoCrop({ url, box, width, height, alt }: PhotoCropProps) {
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const side = Math.max(160, box.w * 2, box.h * 2);
  const scale = Math.min(width / side, height / side);
  const centreX = box.x + box.w / 2;
  const centreY = box.y + box.h / 2;
  // Centred on the box, but never past the photo's edges (a box at the border stays at the border).
  const clamp = (value: number, frame: number, image: number | undefined) =>
    image === undefined || image * scale <= frame
      ? value
      : Math.min(0, Math.max(frame - image * scale, value));
  const left = clamp(width / 2 - centreX * scale, width, natural?.w);
  const top = clamp(height / 2 - centreY * scale, height, natural?.h);
  return (
    <Box
      pos="relative"
      w={width}
      h={height}
      style={{ overflow: 'hidden', borderRadius: 6, background: '#222' }}
    >
      {!natural && <Skeleton pos="absolute" inset={0} h={height} />}
      <img
        src={url}
        alt={alt}
        onLoad={(event) =>
          setNatural({ w: event.currentTarget.naturalWidth, h: event.currentTarget.naturalHeight })
        }
        style={{
          position: 'absolute',
          left,
          top,
          width: natural ? natural.w * scale : undefined,
          maxWidth: 'none',
          visibility: natural ? 'visible' : 'hidden',
        }}
        data-testid="results-photo"
      />
      <Box
        pos="absolute"
        left={left + box.x * scale}
        top={top + box.y * scale}
        w={box.w * scale}
        h={box.h * scale}
        style={{ border: `2px solid ${stressColourHex(box.colour)}`, pointerEvents: 'none' }}
      />
    </Box>
  );
}
