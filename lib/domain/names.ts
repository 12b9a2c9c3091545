/**
 * What a name never holds (docs/decisions.md, "Names show as they read"): the characters that
 * change how text around them is shown without being seen themselves, with which a name could pass
 * for another in a list, an export or a notice — "Acme\u202Eyrtsudni" shows as "Acmeindustry",
 * right to left. Refused wherever a person or an API key sets a name, a title, a description, a
 * payment's id or reference (lib/schemas/common.ts, `plainText`). Letters, marks and spaces of
 * every script are not touched: "José", "中文", "محمد" are names.
 *
 * - Cc: the C0 and C1 controls (U+0000–U+001F, U+007F–U+009F): line breaks and tabs included,
 *   since every such field is one line;
 * - Cf: the format characters — the bidirectional marks, embeddings, overrides and isolates
 *   (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), the zero-width space, joiners and
 *   word joiner (U+200B–U+200D, U+2060), the byte order mark (U+FEFF), the soft hyphen, the tag
 *   characters (U+E0000 block), which also hide text from a reader;
 * - Zl, Zp: the line and paragraph separators (U+2028, U+2029).
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export const HIDDEN_CHARACTERS_RULE = 'must not contain control or bidirectional-override characters';

/** The first such character of `text` as `U+XXXX`, or null when it holds none. */
export function hiddenCharacterIn(text: string): string | null {
  const found = HIDDEN.exec(text);
  if (!found) return null;
  return `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
