import { describe, expect, it } from 'vitest';
import {
  allowedEdits,
  bestResult,
  canonicalText,
  compareNames,
  editDistance,
  normaliseName,
  transliterateGreek,
} from '../../server/payee/nameMatch';

describe('normalising a name', () => {
  it.each([
    ['accents go', 'Müller Crème Brûlée', 'muller creme brulee'],
    [
      'Greek tonos and dialytika go',
      'Παπαδοπούλου Ευφροσύνη Ρωξάνη Ϊάκωβος',
      'παπαδοπουλου ευφροσυνη ρωξανη ιακωβοσ',
    ],
    ['case is folded', 'MARIA papaDOPOULOU', 'maria papadopoulou'],
    ['Greek final sigma is an ordinary sigma', 'ΝΙΚΟΛΑΟΣ Νικόλαος νικολαοσ', 'νικολαοσ νικολαοσ νικολαοσ'],
    ['punctuation becomes space', "O'Brien-Smith, J.; (Dublin)", 'o brien smith j dublin'],
    ['symbols become space', 'Smith & Sons™ + Co/Partners', 'smith sons co partners'],
    ['whitespace collapses', '  Maria \t\n  Papadopoulou  ', 'maria papadopoulou'],
    ['ligatures and full-width letters fold', 'ﬁne Ｃｏｆｆｅｅ', 'fine coffee'],
    ['letters NFKD keeps whole are spelt out', 'Straße Æbelø Łódź', 'strasse aebelo lodz'],
    ['dotted initials are joined', 'Alpha S.A. and A.E. and I.K.E', 'alpha sa and ae and ike'],
    ['a single initial stays a letter', 'J. Smith', 'j smith'],
    ['dots inside a word are not initials', 'St.Louis', 'st louis'],
  ])('%s', (_label, input, expected) => {
    expect(canonicalText(input)).toBe(expected);
  });

  it.each([
    ['Alpha Foods Ltd', ['alpha', 'foods']],
    ['Alpha Foods Limited', ['alpha', 'foods']],
    ['Alpha Foods LLC', ['alpha', 'foods']],
    ['Alpha Foods PLC', ['alpha', 'foods']],
    ['Alpha Foods Inc.', ['alpha', 'foods']],
    ['Alpha Foods GmbH', ['alpha', 'foods']],
    ['Alpha Foods SA', ['alpha', 'foods']],
    ['Alpha Foods S.A.', ['alpha', 'foods']],
    ['Alpha Foods AE', ['alpha', 'foods']],
    ['Alpha Foods A.E.', ['alpha', 'foods']],
    ['Alpha Foods IKE', ['alpha', 'foods']],
    ['Alpha Foods I.K.E.', ['alpha', 'foods']],
    ['Alpha Foods EPE', ['alpha', 'foods']],
    ['Alpha Foods E.P.E.', ['alpha', 'foods']],
    ['Alpha Foods OE', ['alpha', 'foods']],
    ['Alpha Foods EE', ['alpha', 'foods']],
    ['Alpha Foods BV', ['alpha', 'foods']],
    ['Alpha Foods B.V.', ['alpha', 'foods']],
    ['Alpha Foods SRL', ['alpha', 'foods']],
    ['Alpha Foods SARL', ['alpha', 'foods']],
    ['Άλφα Τρόφιμα ΑΕ', ['αλφα', 'τροφιμα']],
    ['Άλφα Τρόφιμα Α.Ε.', ['αλφα', 'τροφιμα']],
    ['Άλφα Τρόφιμα ΙΚΕ', ['αλφα', 'τροφιμα']],
    ['Άλφα Τρόφιμα Ι.Κ.Ε.', ['αλφα', 'τροφιμα']],
    ['Άλφα Τρόφιμα ΕΠΕ', ['αλφα', 'τροφιμα']],
    ['Άλφα Τρόφιμα ΟΕ', ['αλφα', 'τροφιμα']],
    ['Άλφα Τρόφιμα ΕΕ', ['αλφα', 'τροφιμα']],
    ['Άλφα Τρόφιμα Ανώνυμη Εταιρεία', ['αλφα', 'τροφιμα']],
    ['Άλφα Τρόφιμα Εταιρεία Περιορισμένης Ευθύνης', ['αλφα', 'τροφιμα']],
    ['Alpha Foods Limited Liability Company', ['alpha', 'foods']],
    ['Alpha Foods Société Anonyme', ['alpha', 'foods']],
    ['Müller Gesellschaft mit beschränkter Haftung', ['muller']],
  ])('drops the legal form of %s', (input, expected) => {
    expect(normaliseName(input)).toEqual(expected);
  });

  it.each([
    ['Ikea', ['ikea']],
    ['Ikea Hellas', ['ikea', 'hellas']],
    ['Caesars', ['caesars']],
    ['Aegean Airlines', ['aegean', 'airlines']],
    ['Spike', ['spike']],
    ['Epeiros Foods', ['epeiros', 'foods']],
    ['Saga Holdings', ['saga', 'holdings']],
    ['Bee Keepers', ['bee', 'keepers']],
    ['Foltd', ['foltd']],
    ['Αεροπορία Αιγαίου', ['αεροπορια', 'αιγαιου']],
    ['Ικεσία', ['ικεσια']],
  ])('never cuts a legal-form suffix or prefix out of a word: %s', (input, expected) => {
    expect(normaliseName(input)).toEqual(expected);
  });

  it('keeps the words of a name made only of legal-form words', () => {
    expect(normaliseName('S.A.')).toEqual(['sa']);
    expect(normaliseName('Ltd')).toEqual(['ltd']);
  });

  it('has no words for an empty or punctuation-only name', () => {
    expect(normaliseName('')).toEqual([]);
    expect(normaliseName('  .,-!  ')).toEqual([]);
  });
});

describe('transliteration Greek → Latin (ELOT 743)', () => {
  it.each([
    ['μαρια', 'maria'],
    ['παπαδοπουλου', 'papadopoulou'],
    ['γεωργιου', 'georgiou'],
    ['χρηστοσ', 'christos'],
    ['θεοδωροσ', 'theodoros'],
    ['ψαρασ', 'psaras'],
    ['ξανθη', 'xanthi'],
    ['ευαγγελοσ', 'evangelos'],
    ['ελευθεριου', 'eleftheriou'],
    ['αυγουστινοσ', 'avgoustinos'],
    ['ναυτησ', 'naftis'],
    ['μπακαλησ', 'bakalis'],
    ['λαμπρακησ', 'lamprakis'],
    ['αγχιαλοσ', 'anchialos'],
    ['σφιγξ', 'sfinx'],
    ['coffee', 'coffee'],
  ])('%s → %s', (greek, latin) => {
    expect(transliterateGreek(greek)).toBe(latin);
  });
});

describe('edit distance (optimal string alignment)', () => {
  it.each([
    ['', '', 0],
    ['abc', 'abc', 0],
    ['abc', 'abd', 1],
    ['abc', 'ab', 1],
    ['abc', 'acb', 1],
    ['maria', 'mraia', 1],
    ['kitten', 'sitting', 3],
    ['μαρια', 'μαρία', 1],
  ])('%s / %s = %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it('allows no edit under 4 characters, one up to 9, two from 10', () => {
    expect([1, 3, 4, 9, 10, 40].map(allowedEdits)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('compareNames: match', () => {
  it.each([
    ['the same name', 'Maria Papadopoulou', 'Maria Papadopoulou'],
    ['another case', 'MARIA PAPADOPOULOU', 'maria papadopoulou'],
    ['without accents', 'Muller Handels', 'Müller Handels'],
    ['Greek without tonos', 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ', 'Μαρία Παπαδοπούλου'],
    ['final sigma written as a middle sigma', 'Νικολαοσ Παπαδοπουλοσ', 'Νικόλαος Παπαδόπουλος'],
    ['extra spaces and punctuation', '  Papadopoulou,   Maria. ', 'Maria Papadopoulou'],
    ['hyphen versus space', 'Anna-Maria Smith', 'Anna Maria Smith'],
    ['person names in another order', 'Papadopoulou Maria', 'Maria Papadopoulou'],
    ['Ltd left out', 'Alpha Foods', 'Alpha Foods Ltd'],
    ['Ltd added', 'Alpha Foods Ltd.', 'Alpha Foods'],
    ['S.A. versus SA', 'Alpha Foods S.A.', 'Alpha Foods SA'],
    ['A.E. versus nothing', 'Alpha Foods A.E.', 'Alpha Foods'],
    ['IKE versus I.K.E.', 'Alpha Foods IKE', 'Alpha Foods I.K.E.'],
    ['EPE versus Limited', 'Alpha Foods EPE', 'Alpha Foods Limited'],
    ['Greek ΑΕ versus nothing', 'Άλφα Τρόφιμα', 'ΑΛΦΑ ΤΡΟΦΙΜΑ Α.Ε.'],
    ['GmbH left out', 'Müller Handels', 'Müller Handels GmbH'],
    ['Ikea keeps its letters', 'Ikea', 'IKEA Ltd'],
  ])('%s', (_label, entered, registered) => {
    expect(compareNames(entered, registered)).toBe('match');
  });
});

describe('compareNames: close match', () => {
  it.each([
    ['one typo', 'Maria Papadopolou', 'Maria Papadopoulou'],
    ['two typos in a long name', 'Mria Papadopolou', 'Maria Papadopoulou'],
    ['swapped letters', 'Mraia Papadopoulou', 'Maria Papadopoulou'],
    ['one typo in a short company name', 'Demo Cofee', 'Demo Coffee'],
    ['spaces in other places', 'DemoCoffee', 'Demo Coffee'],
    ['spaces in many other places', 'Pa Pa Do Poulou Maria', 'Papadopoulou Maria'],
    ['a missing middle name', 'Maria Papadopoulou', 'Maria Eleni Papadopoulou'],
    ['an extra word', 'Demo Coffee Roasters', 'Demo Coffee'],
    ['ue for ü', 'Mueller Handels', 'Müller Handels GmbH'],
    ['a typo and another order', 'Papadopolou Maria', 'Maria Papadopoulou'],
    ['Greek registered, Latin typed', 'Maria Papadopoulou', 'Μαρία Παπαδοπούλου'],
    ['Latin registered, Greek typed', 'Ηλίας Γεωργίου', 'Ilias Georgiou'],
    ['Greek in another order, Latin typed', 'Georgiou Ilias', 'Ηλίας Γεωργίου'],
    ['transliterated with gg for γγ', 'Evaggelos Georgiou', 'Ευάγγελος Γεωργίου'],
    ['transliterated with h for χ', 'Hristos Papadakis', 'Χρήστος Παπαδάκης'],
    ['Greek company and Latin company with legal forms', 'Alfa Trofima S.A.', 'Άλφα Τρόφιμα ΑΕ'],
  ])('%s', (_label, entered, registered) => {
    expect(compareNames(entered, registered)).toBe('close_match');
  });

  it('treats another word order as close for companies', () => {
    expect(compareNames('Coffee Demo', 'Demo Coffee', { wordOrder: 'strict' })).toBe('close_match');
    expect(compareNames('Coffee Demo', 'Demo Coffee', { wordOrder: 'any' })).toBe('match');
    expect(compareNames('Demo Coffee', 'Demo Coffee IKE', { wordOrder: 'strict' })).toBe('match');
  });
});

describe('compareNames: no match', () => {
  it.each([
    ['someone else', 'John Smith', 'Maria Papadopoulou'],
    ['the same first name only', 'Maria Papadaki', 'Maria Papadopoulou'],
    ['the surname only', 'Papadopoulou', 'Maria Papadopoulou'],
    ['three typos', 'Mria Papdopolou', 'Maria Papadopoulou'],
    ['a short name one letter off', 'Ana', 'Ena'],
    ['a short name one letter short', 'Jo', 'Joe'],
    ['a legal form is not a name', 'Ltd', 'Alpha Foods Ltd'],
    ['an empty name', '', 'Maria Papadopoulou'],
    ['only punctuation', '...', 'Maria Papadopoulou'],
    ['a different company', 'Demo Bakery', 'Demo Coffee'],
    ['a different Greek name', 'Γιάννης Γεωργίου', 'Ηλίας Γεωργίου'],
    ['a different name transliterated', 'Ioannis Georgiou', 'Ηλίας Γεωργίου'],
  ])('%s', (_label, entered, registered) => {
    expect(compareNames(entered, registered)).toBe('no_match');
  });
});

describe('legal forms are whole words, never suffixes or prefixes', () => {
  it.each([
    ['Ikea', 'Ik'],
    ['Ikea', 'Ike'],
    ['Caesars', 'Csars'],
    ['Caesars', 'Caes'],
    ['Spike', 'Sp'],
    ['Epeiros', 'iros'],
    ['Saga', 'ga'],
    ['Bee', 'B'],
    ['Aegean', 'gean'],
  ])('%s is not %s', (entered, registered) => {
    expect(compareNames(entered, registered)).toBe('no_match');
    expect(compareNames(registered, entered)).toBe('no_match');
  });

  it('a name that merely contains legal-form letters is compared whole', () => {
    // If "ae" were cut from inside words, both would become "csars" and match.
    expect(compareNames('Caesars Palace', 'Csars Palace')).not.toBe('match');
    // If "ike" were cut as a suffix, "Spike" would become "sp".
    expect(compareNames('Spike Studio', 'Sp Studio')).not.toBe('match');
    // If "sa" were cut as a prefix, "Saga" would become "ga".
    expect(compareNames('Saga Foods', 'Ga Foods')).not.toBe('match');
  });
});

describe('bestResult', () => {
  it('takes the best answer over a holder’s names', () => {
    expect(bestResult([])).toBe('no_match');
    expect(bestResult(['no_match', 'close_match'])).toBe('close_match');
    expect(bestResult(['close_match', 'match', 'no_match'])).toBe('match');
  });
});
