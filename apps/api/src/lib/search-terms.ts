/**
 * Search terms of a title: every letter or digit (unigram) and every pair of neighbours (bigram)
 * within a run of letters and digits, after NFKC and lower-casing. Chinese has no spaces between
 * words, so bigrams are what makes a substring search answerable from an index: a keyword of two or
 * more characters is looked up by its bigrams, a one-character keyword by its unigram.
 */
export function normalise(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** Runs of letters and digits: "AI 赋能·城市" → ["ai", "赋能", "城市"]. */
export function runsOf(text: string): string[] {
  return normalise(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

function chars(run: string): string[] {
  return Array.from(run);
}

/** Every distinct unigram and bigram of a text, for the index. */
export function indexTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const run of runsOf(text)) {
    const cs = chars(run);
    for (let i = 0; i < cs.length; i++) {
      terms.add(cs[i] as string);
      if (i + 1 < cs.length) terms.add((cs[i] as string) + (cs[i + 1] as string));
    }
  }
  return [...terms];
}

/** Most terms one query looks up; a longer keyword is still checked in full by its LIKE pattern. */
export const maxQueryTerms = 12;

/**
 * Terms a keyword is looked up by: the bigrams of its runs (the unigram of a one-character run),
 * distinct, at most `maxQueryTerms`. Empty when the keyword has no letter or digit.
 */
export function queryTerms(keyword: string): string[] {
  const terms = new Set<string>();
  for (const run of runsOf(keyword)) {
    const cs = chars(run);
    if (cs.length === 1) terms.add(cs[0] as string);
    for (let i = 0; i + 1 < cs.length; i++) terms.add((cs[i] as string) + (cs[i + 1] as string));
  }
  return [...terms].slice(0, maxQueryTerms);
}

/** LIKE pattern that finds the keyword's runs in order within a lower-cased title: "%口袋%公园%". */
export function likePattern(keyword: string): string {
  return `%${runsOf(keyword).join("%")}%`;
}
