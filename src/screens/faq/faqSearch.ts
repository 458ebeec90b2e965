/** One question and its answer, in the reader's language. */
export type FaqEntry = { id: string; question: string; answer: string };
/** A group of questions under a heading, in the reader's language. */
export type FaqCategory = { id: string; title: string; entries: FaqEntry[] };

/**
 * Text as a search compares it: lower case, accents and other marks removed, Greek final sigma as sigma, runs of
 * white space as one space. "Κάρτα" finds "καρτα", "Πληρωμές" finds "πληρωμες", "CAFÉ" finds "cafe".
 */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase()
    .replace(/ς/g, 'σ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The categories with only the questions whose question or answer holds every word of `query` (in any order), empty
 * categories left out. An empty query keeps everything.
 */
export function filterFaq(categories: FaqCategory[], query: string): FaqCategory[] {
  const words = searchable(query).split(' ').filter(Boolean);
  if (words.length === 0) return categories;
  return categories
    .map((category) => ({
      ...category,
      entries: category.entries.filter((entry) => {
        const haystack = searchable(`${entry.question} ${entry.answer}`);
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((category) => category.entries.length > 0);
}

/** How many questions the categories hold. */
export const countEntries = (categories: FaqCategory[]): number =>
  categories.reduce((sum, category) => sum + category.entries.length, 0);
