/**
 * Ends a sentence with `text`: adds a full stop unless the text already ends with
 * sentence punctuation (. ! ?), so a store name such as 'Fairway Pin Co.' is not
 * followed by a second one ("Welcome back to Fairway Pin Co.").
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
