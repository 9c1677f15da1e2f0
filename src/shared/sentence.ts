/**
 * Ends a sentence with `text`: adds a full stop unless the text already ends with
 * sentence punctuation (. ! ?), so a store name such as 'Fairway Pin Co.' is not
 * followed by a second one ("Welcome back to Fairway Pin Co.").
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** `text` broken into at most `maxLines` lines of about `width` characters (ellipsis when cut). */
export function wrapWords(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[,.;:]?$/, '')}…`;
  return kept;
}
