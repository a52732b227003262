import { GRAPE_VARIETIES, type GrapeVariety } from './grape-varieties.ts';

/**
 * Accent-, case- and script-insensitive search over the grape variety catalogue. Both the query and
 * every name (Latin and Greek) are brought to a common Latin form, so "Ξινόμαυρο", "ξινομαυρο" and
 * "XINOMAVRO" all find Xinomavro. A looser "phonetic" form also folds common spelling variants
 * (y/i/ei/oi, doubled letters, h, c/k, x/ks, z/s, mp/b, nt/d, gk/g…), so "asyrtiko" finds Assyrtiko.
 */

const GREEK_LETTERS: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
  ϐ: 'v',
  ϑ: 'th',
  ϕ: 'f',
  ϲ: 's',
};

/** Latin letters that NFD does not decompose. */
const LATIN_SPECIALS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
};

/**
 * After αυ/ευ/ηυ, υ is read f before a voiceless consonant and v otherwise (also at the end, so that a
 * half-typed "Μαυ" still reads "mav").
 */
const SOUNDS_F_AFTER = new Set(['θ', 'κ', 'ξ', 'π', 'σ', 'ς', 'τ', 'φ', 'χ', 'ψ']);
const GAMMA_NASAL_BEFORE = new Set(['γ', 'ξ', 'χ']);
const COMBINING_DIAERESIS = '\u0308';
const COMBINING_MARK = /\p{M}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

interface Letter {
  readonly char: string;
  /** The letter carried a diaeresis, so it does not form a digraph with the letter before it. */
  readonly diaeresis: boolean;
}

/** Lowercases, decomposes and drops combining marks, remembering where a diaeresis stood. */
function toLetters(text: string): Letter[] {
  const letters: Letter[] = [];
  for (const char of text.toLowerCase().normalize('NFD')) {
    if (COMBINING_MARK.test(char)) {
      const previous = letters.at(-1);
      if (char === COMBINING_DIAERESIS && previous) {
        letters[letters.length - 1] = { char: previous.char, diaeresis: true };
      }
      continue;
    }
    letters.push({ char, diaeresis: false });
  }
  return letters;
}

function transliterate(letters: readonly Letter[]): string {
  let out = '';
  const at = (index: number): string => letters[index]?.char ?? '';
  const joinsPrevious = (index: number): boolean => letters[index]?.diaeresis === false;
  for (let i = 0; i < letters.length; i++) {
    const char = at(i);
    const next = at(i + 1);
    const wordStart = i === 0 || !LETTER_OR_DIGIT.test(at(i - 1));

    // αυ, ευ, ηυ → av/af, ev/ef, iv/if
    if ((char === 'α' || char === 'ε' || char === 'η') && next === 'υ' && joinsPrevious(i + 1)) {
      out += `${GREEK_LETTERS[char]}${SOUNDS_F_AFTER.has(at(i + 2)) ? 'f' : 'v'}`;
      i++;
      continue;
    }
    // ου → ou
    if (char === 'ο' && next === 'υ' && joinsPrevious(i + 1)) {
      out += 'ou';
      i++;
      continue;
    }
    // μπ → b (Robola, Batiki); ντ → d at the start of a word (Debina), nt inside it
    if (char === 'μ' && next === 'π') {
      out += 'b';
      i++;
      continue;
    }
    if (char === 'ν' && next === 'τ') {
      out += wordStart ? 'd' : 'nt';
      i++;
      continue;
    }
    // γκ → g (Negoska); γγ, γξ, γχ → ng, nx, nch
    if (char === 'γ' && next === 'κ') {
      out += 'g';
      i++;
      continue;
    }
    if (char === 'γ' && GAMMA_NASAL_BEFORE.has(next)) {
      out += 'n';
      continue;
    }
    out += GREEK_LETTERS[char] ?? LATIN_SPECIALS[char] ?? char;
  }
  return out;
}

/**
 * The common search form of a text: lowercase, without accents, Greek transliterated to Latin the way
 * Greek wine names are usually spelt (ξ→x, χ→ch, ψ→ps, θ→th, φ→f, β→v, η→i, υ→y, ω→o, ου→ou,
 * αυ→av/af, μπ→b, ντ→d/nt, γκ→g, γγ→ng), punctuation turned into single spaces.
 */
export function normalizeForSearch(text: string): string {
  return transliterate(toLetters(text))
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A looser form of an already normalized text that folds common transliteration variants. */
export function phoneticForm(normalized: string): string {
  return normalized
    .replace(/ /g, '')
    .replace(/ph/g, 'f')
    .replace(/x/g, 'ks')
    .replace(/[cq]/g, 'k')
    .replace(/w/g, 'v')
    .replace(/z/g, 's')
    .replace(/h/g, '')
    .replace(/ou/g, 'u')
    .replace(/[eo]i/g, 'i')
    .replace(/ai/g, 'e')
    .replace(/y/g, 'i')
    .replace(/m[bp]/g, 'b')
    .replace(/n[dt]/g, 'd')
    .replace(/[gn][gk]/g, 'g')
    .replace(/(.)\1+/g, '$1');
}

interface IndexedVariety {
  readonly variety: GrapeVariety;
  readonly forms: readonly string[];
  readonly words: readonly string[];
  readonly phonetic: readonly string[];
}

const INDEX: readonly IndexedVariety[] = GRAPE_VARIETIES.map((variety) => {
  const forms = [variety.name, variety.nameEl]
    .filter((name): name is string => name !== undefined)
    .map(normalizeForSearch);
  return {
    variety,
    forms,
    words: forms.flatMap((form) => form.split(' ')),
    phonetic: forms.map(phoneticForm),
  };
});

const BY_NAME: ReadonlyMap<string, GrapeVariety> = new Map(GRAPE_VARIETIES.map((v) => [v.name, v]));

/** Match tiers, best first. */
const Tier = {
  Exact: 0,
  PhoneticExact: 1,
  Prefix: 2,
  PhoneticPrefix: 3,
  WordPrefix: 4,
  AllWords: 5,
  Substring: 6,
  PhoneticSubstring: 7,
} as const;
type Tier = (typeof Tier)[keyof typeof Tier];

/** Phonetic substring matches need a query at least this long; shorter ones match almost anything. */
const MIN_PHONETIC_SUBSTRING = 3;

interface PreparedQuery {
  readonly text: string;
  readonly words: readonly string[];
  readonly phonetic: string;
}

function prepare(text: string): PreparedQuery {
  return { text, words: text.split(' '), phonetic: phoneticForm(text) };
}

/**
 * The normalized query plus, when it ends in a half-typed Greek digraph (μ of μπ, ν of ντ), the
 * reading the finished digraph would have: "Καραμ" also tries "karab" so it still finds Karabraimis.
 */
function queryVariants(query: string, normalized: string): PreparedQuery[] {
  const variants = [prepare(normalized)];
  const last = toLetters(query.trim()).at(-1)?.char;
  if (last === 'μ' && normalized.endsWith('m')) variants.push(prepare(`${normalized.slice(0, -1)}b`));
  if (last === 'ν' && normalized.endsWith('n')) variants.push(prepare(`${normalized.slice(0, -1)}d`));
  return variants;
}

function matchTier(entry: IndexedVariety, query: PreparedQuery): Tier | undefined {
  const { forms, words } = entry;
  const { text, phonetic } = query;
  if (forms.includes(text)) return Tier.Exact;
  if (phonetic && entry.phonetic.includes(phonetic)) return Tier.PhoneticExact;
  if (forms.some((form) => form.startsWith(text))) return Tier.Prefix;
  if (phonetic && entry.phonetic.some((form) => form.startsWith(phonetic))) return Tier.PhoneticPrefix;
  if (words.some((word) => word.startsWith(text))) return Tier.WordPrefix;
  if (query.words.length > 1 && query.words.every((q) => words.some((word) => word.startsWith(q)))) {
    return Tier.AllWords;
  }
  if (forms.some((form) => form.includes(text))) return Tier.Substring;
  if (phonetic.length >= MIN_PHONETIC_SUBSTRING && entry.phonetic.some((form) => form.includes(phonetic))) {
    return Tier.PhoneticSubstring;
  }
  return undefined;
}

function bestTier(entry: IndexedVariety, variants: readonly PreparedQuery[]): Tier | undefined {
  let best: Tier | undefined;
  for (const variant of variants) {
    const tier = matchTier(entry, variant);
    if (tier !== undefined && (best === undefined || tier < best)) best = tier;
  }
  return best;
}

/**
 * Varieties matching `query` (Latin or Greek, any case, with or without accents), best first: exact,
 * then prefix, then word prefix, then substring matches; ties keep catalogue order (Greek first).
 * At most `limit` results. An empty query (or one with no letters or digits) returns the whole
 * catalogue in order.
 */
export function searchVarieties(query: string, limit = 50): GrapeVariety[] {
  const normalized = normalizeForSearch(query);
  if (!normalized) return [...GRAPE_VARIETIES];
  const max = Number.isNaN(limit) ? 0 : Math.max(0, Math.floor(limit));
  if (max === 0) return [];
  const variants = queryVariants(query, normalized);
  const matches: { tier: Tier; order: number; variety: GrapeVariety }[] = [];
  INDEX.forEach((entry, order) => {
    const tier = bestTier(entry, variants);
    if (tier !== undefined) matches.push({ tier, order, variety: entry.variety });
  });
  matches.sort((a, b) => a.tier - b.tier || a.order - b.order);
  return matches.slice(0, max).map((match) => match.variety);
}

/** The catalogue entry with exactly this name, if any. */
export function findVariety(name: string): GrapeVariety | undefined {
  return BY_NAME.get(name);
}

/** Whether `name` is exactly one of the catalogue names (including Other). */
export function isKnownVariety(name: string): boolean {
  return BY_NAME.has(name);
}

/** The name to show for a stored variety: the Greek name in Greek when there is one, else the name. */
export function varietyLabel(name: string, lang: string): string {
  if (lang === 'el') return BY_NAME.get(name)?.nameEl ?? name;
  return name;
}
