/** Search tokens: lower-cased runs of letters and digits (å, ä, ö, æ, ø kept: they matter in the Nordic languages). */
const WORD = /[\p{L}\p{N}]+/gu;

export function tokenize(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** Query tokens: distinct, at most 8; one-character tokens are dropped when longer ones exist ("a filter" → filter). */
export function queryTokens(query: string): string[] {
  const all = [...new Set(tokenize(query))].slice(0, 8);
  const long = all.filter((t) => t.length > 1);
  return long.length > 0 ? long : all;
}
