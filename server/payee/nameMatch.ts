/**
 * Payee name comparison for Verification of Payee (Regulation (EU) 2024/886, EPC VOP scheme rulebook): the name the
 * payer typed against the name the account is held in. Pure: no database, no clock, no I/O.
 *
 * Both names are normalised the same way (`normaliseName`):
 * 1. Unicode NFKD, then every combining mark removed, so accents, tonos and dialytika go ("Müller" → "muller",
 *    "Παπαδοπούλου" → "παπαδοπουλου"), and compatibility forms fold (ligatures, full-width letters).
 * 2. Case folded; Greek final sigma "ς" becomes "σ"; a few letters NFKD keeps whole are spelled out (ß → ss, æ → ae).
 * 3. Dotted initials are joined BEFORE punctuation goes ("S.A." → "sa", "A.E." → "ae", "I.K.E." → "ike"), so they are
 *    recognised as the legal-form words they are.
 * 4. Every other punctuation mark or symbol becomes a space; runs of spaces collapse.
 * 5. Legal-form words are dropped as WHOLE WORDS (tokens) only, never as a run of characters inside a word:
 *    "Ikea" keeps its "ike", "Caesars" its "ae". A name made of nothing but legal-form words keeps them.
 *
 * Then (`compareNames`):
 * - match: the same words in the same order; for people (`wordOrder: 'any'`) also in any order
 *   ("Maria Papadopoulou" = "Papadopoulou Maria").
 * - close match: see `isClose` for the measures and their thresholds; also any Greek↔Latin transliteration
 *   (ELOT 743) that is equal or close, since the payer may well type a Greek name in Latin letters or back.
 * - no match: everything else, including an empty name.
 */

export type NameMatchResult = 'match' | 'close_match' | 'no_match';

export type CompareOptions = {
  /**
   * 'any' (people, and holders we know nothing about): word order does not matter.
   * 'strict' (companies): another order is at most a close match, since "Coffee Demo" is not the company's name.
   */
  wordOrder?: 'any' | 'strict';
};

/** Letters that NFKD leaves whole but that people write in two letters, or without the stroke. */
const letterFolds: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŀ: 'l',
};

/**
 * Legal-form words, written as they are after steps 1-3 (lower case, no accents, final sigma as σ, dotted initials
 * joined). Only whole tokens are ever compared against this set. Words that are also ordinary words or given names
 * in the languages we serve ("as", "co", "mike" for ΜΙΚΕ) are left out on purpose.
 */
const legalFormWords: ReadonlySet<string> = new Set([
  // English-speaking countries
  'ltd',
  'limited',
  'llc',
  'llp',
  'plc',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  // Greece and Cyprus, in Latin letters
  'ae',
  'ike',
  'epe',
  'mepe',
  'oe',
  'ee',
  // Greece and Cyprus, in Greek letters (ΑΕ, ΙΚΕ, ΕΠΕ, ΜΕΠΕ, ΟΕ, ΕΕ)
  'αε',
  'ικε',
  'επε',
  'μεπε',
  'οε',
  'εε',
  // Continental Europe
  'gmbh',
  'ag',
  'kg',
  'ohg',
  'ug',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'sl',
  'bv',
  'nv',
  'oy',
  'aps',
]);

/** Legal forms spelt out in several words, as token sequences after normalisation. */
const legalFormPhrases: readonly (readonly string[])[] = [
  ['limited', 'liability', 'company'],
  ['public', 'limited', 'company'],
  ['societe', 'anonyme'],
  ['societe', 'a', 'responsabilite', 'limitee'],
  ['gesellschaft', 'mit', 'beschrankter', 'haftung'],
  ['anonymi', 'etaireia'],
  ['ανωνυμη', 'εταιρεια'],
  ['ιδιωτικη', 'κεφαλαιουχικη', 'εταιρεια'],
  ['εταιρεια', 'περιορισμενησ', 'ευθυνησ'],
  ['ομορρυθμη', 'εταιρεια'],
  ['ετερορρυθμη', 'εταιρεια'],
];

/** Steps 1-4: a canonical string of words separated by single spaces (legal forms still in). */
export function canonicalText(name: string): string {
  const folded = name
    // Symbols first, so that NFKD cannot glue their letters to a word ("Sons™" would become "sonstm").
    .replace(/\p{S}/gu, ' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .replace(/[ßæœøđðþłıħŀ]/g, (letter) => letterFolds[letter] ?? letter);
  // Step 3: single letters each followed by a dot, two or more of them, standing alone: "s.a." "a.e" "i.k.e.".
  const initialsJoined = folded.replace(
    /(?<![\p{L}\p{N}])(?:\p{L}\.){1,}\p{L}(?![\p{L}\p{N}])\.?/gu,
    (initials) => initials.replace(/\./g, ''),
  );
  return initialsJoined
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/ +/g, ' ');
}

function withoutLegalForms(tokens: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < tokens.length;) {
    const phrase = legalFormPhrases.find((words) => words.every((word, k) => tokens[i + k] === word));
    if (phrase) {
      i += phrase.length;
      continue;
    }
    const token = tokens[i] ?? '';
    if (!legalFormWords.has(token)) kept.push(token);
    i += 1;
  }
  return kept;
}

/** The words of a name after all five steps; legal forms are kept only if nothing else is left. */
export function normaliseName(name: string): string[] {
  const canonical = canonicalText(name);
  if (canonical === '') return [];
  const tokens = canonical.split(' ');
  const kept = withoutLegalForms(tokens);
  return kept.length > 0 ? kept : tokens;
}

// ---------------------------------------------------------------------------------------------------------------
// Transliteration, Greek → Latin, ELOT 743 (ISO 843 type 2), on normalised (lower-case, accent-free) text.

const greekLetters: Record<string, string> = {
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
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/** After αυ, ευ, ηυ the υ is "v" before a vowel or a voiced consonant, "f" before a voiceless one or at the end. */
const voicedAfterU = new Set(['α', 'ε', 'η', 'ι', 'ο', 'υ', 'ω', 'β', 'γ', 'δ', 'ζ', 'λ', 'μ', 'ν', 'ρ']);

const greekPattern = /[\u0370-\u03ff]/u;

export function hasGreek(text: string): boolean {
  return greekPattern.test(text);
}

/** One normalised word to Latin letters by ELOT 743; Latin words pass through unchanged. */
export function transliterateGreek(word: string): string {
  if (!hasGreek(word)) return word;
  let out = '';
  for (let i = 0; i < word.length; i += 1) {
    const letter = word[i] ?? '';
    const next = word[i + 1];
    if ((letter === 'α' || letter === 'ε' || letter === 'η') && next === 'υ') {
      const after = word[i + 2];
      out += (greekLetters[letter] ?? '') + (after !== undefined && voicedAfterU.has(after) ? 'v' : 'f');
      i += 1;
    } else if (letter === 'ο' && next === 'υ') {
      out += 'ou';
      i += 1;
    } else if (letter === 'μ' && next === 'π' && (i === 0 || i + 2 === word.length)) {
      out += 'b';
      i += 1;
    } else if (letter === 'γ' && (next === 'γ' || next === 'ξ' || next === 'χ')) {
      out += 'n';
    } else {
      out += greekLetters[letter] ?? letter;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Similarity

/** Optimal-string-alignment Damerau-Levenshtein distance: insertions, deletions, substitutions, adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const rows = x.length + 1;
  const cols = y.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const row = d[i] ?? [];
      const above = d[i - 1] ?? [];
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, (d[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row[j] = best;
    }
  }
  return d[rows - 1]?.[cols - 1] ?? 0;
}

/**
 * How many edits a name may be away and still be a close match, by the length of the shorter name (letters and
 * spaces, after normalisation):
 * - under 4: none. Short names differ in one letter all the time ("Ana", "Ena", "Ian", "Jan") and a close match
 *   shows the holder's name, so a guess must be really close before we reveal anything.
 * - 4 to 9: one edit, the usual single typo or swapped pair ("Papadopolou", "Mraia").
 * - 10 or more: two edits, about one in five to one in ten characters; two typos in a full name.
 * Jaro-Winkler was considered and not used: its bonus for a shared prefix rates different people with the same first
 * name as similar ("maria papadopoulou" / "maria papadaki" ≈ 0.9), and every close match discloses a name.
 */
export function allowedEdits(length: number): number {
  if (length < 4) return 0;
  if (length < 10) return 1;
  return 2;
}

const joined = (tokens: readonly string[]) => tokens.join(' ');
const sortedJoined = (tokens: readonly string[]) => [...tokens].sort().join(' ');

/** Within the edit budget, compared as typed and with both sides' words sorted (a typo plus another order). */
function withinEdits(a: readonly string[], b: readonly string[]): boolean {
  const pairs: [string, string][] = [
    [joined(a), joined(b)],
    [sortedJoined(a), sortedJoined(b)],
  ];
  return pairs.some(([x, y]) => editDistance(x, y) <= allowedEdits(Math.min(x.length, y.length)));
}

/**
 * Close, but not the same words in the allowed order:
 * - the same words in another order (companies; for people that is already a match);
 * - the same letters with spaces in other places ("Papa Dopoulou", "DemoCoffee");
 * - within the edit budget of `allowedEdits`;
 * - one name's words all in the other's, at least two of them: a missing middle name or an extra trading word
 *   ("Maria Papadopoulou" / "Maria Eleni Papadopoulou").
 */
function isClose(a: readonly string[], b: readonly string[]): boolean {
  if (sortedJoined(a) === sortedJoined(b)) return true;
  if (a.join('') === b.join('')) return true;
  if (withinEdits(a, b)) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length >= 2 && shorter.length < longer.length) {
    const pool = [...longer];
    const allFound = shorter.every((word) => {
      const at = pool.indexOf(word);
      if (at < 0) return false;
      pool.splice(at, 1);
      return true;
    });
    if (allFound) return true;
  }
  return false;
}

/** Compares the name the payer typed with the name the account is held in. */
export function compareNames(
  entered: string,
  registered: string,
  options: CompareOptions = {},
): NameMatchResult {
  const wordOrder = options.wordOrder ?? 'any';
  const a = normaliseName(entered);
  const b = normaliseName(registered);
  if (a.length === 0 || b.length === 0) return 'no_match';
  if (joined(a) === joined(b)) return 'match';
  if (wordOrder === 'any' && sortedJoined(a) === sortedJoined(b)) return 'match';
  if (isClose(a, b)) return 'close_match';
  if (hasGreek(joined(a)) || hasGreek(joined(b))) {
    const latinA = a.map(transliterateGreek);
    const latinB = b.map(transliterateGreek);
    if (joined(latinA) === joined(latinB) || isClose(latinA, latinB)) return 'close_match';
  }
  return 'no_match';
}

const rank: Record<NameMatchResult, number> = { match: 2, close_match: 1, no_match: 0 };

/** The best result against any of a holder's names (e.g. a company's legal and trading names). */
export function bestResult(results: readonly NameMatchResult[]): NameMatchResult {
  return results.reduce<NameMatchResult>(
    (best, result) => (rank[result] > rank[best] ? result : best),
    'no_match',
  );
}
