import { type LngLat, vineyardTypeLabel } from '@ampelos/domain';

export const KML_CONTENT_TYPE = 'application/vnd.google-earth.kml+xml';

export interface KmlField {
  title: string;
  area: number;
  variety: string | null;
  usedFor: number;
  polygon: LngLat[];
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  // Characters XML 1.0 cannot carry at all are dropped.
  const legal = text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
  return legal.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** KML wants the outer boundary counter-clockwise. */
function counterClockwise(ring: LngLat[]): LngLat[] {
  let twiceArea = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0, y0] = ring[i] as LngLat;
    const [x1, y1] = ring[i + 1] as LngLat;
    twiceArea += x0 * y1 - x1 * y0;
  }
  return twiceArea < 0 ? [...ring].reverse() : ring;
}

/** A KML 2.2 document with one placemark: the field's polygon, named after the field. */
export function fieldToKml(field: KmlField): string {
  const name = escapeXml(field.title);
  const hectares = (field.area / 10_000).toFixed(2);
  const description = escapeXml(
    `Area: ${hectares} ha; Variety: ${field.variety ?? '-'}; Type: ${vineyardTypeLabel(field.usedFor)}`,
  );
  const coordinates = counterClockwise(field.polygon)
    .map(([lng, lat]) => `${lng},${lat},0`)
    .join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <name>${name}</name>
    <Style id="field">
      <LineStyle><color>ff00ffff</color><width>2</width></LineStyle>
      <PolyStyle><color>3300ffff</color></PolyStyle>
    </Style>
    <Placemark>
      <name>${name}</name>
      <description>${description}</description>
      <styleUrl>#field</styleUrl>
      <Polygon>
        <tessellate>1</tessellate>
        <outerBoundaryIs>
          <LinearRing>
            <coordinates>${coordinates}</coordinates>
          </LinearRing>
        </outerBoundaryIs>
      </Polygon>
    </Placemark>
  </Document>
</kml>
`;
}

/**
 * `attachment` with an ASCII fallback name (quotes, slashes, control and non-ASCII characters
 * replaced) and the exact title in RFC 5987 `filename*`.
 */
export function kmlContentDisposition(title: string): string {
  const cleaned = title.replace(/[\p{Cc}/\\]/gu, ' ').trim() || 'field';
  const ascii =
    cleaned
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\u0020-\u007e]|["%;*:<>?|]/g, '_')
      .trim() || 'field';
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.kml"; filename*=UTF-8''${encoded}.kml`;
}
