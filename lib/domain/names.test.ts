import { describe, expect, it } from 'vitest';
import { hiddenCharacterIn } from './names';

// What a name never holds (docs/decisions.md, "Names show as they read").

describe('names', () => {
  it('refuses controls, bidirectional controls and invisible formatting characters, naming the first', () => {
    const hostile: Array<[string, string]> = [
      ['Acme\u202Eyrtsudni', 'U+202E'],
      ['\u202DAcme', 'U+202D'],
      ['Ac\u202Ame', 'U+202A'],
      ['Ac\u202Bme', 'U+202B'],
      ['Ac\u202Cme', 'U+202C'],
      ['Al\u200Eice', 'U+200E'],
      ['Al\u200Fice', 'U+200F'],
      ['\u2066Alice\u2069', 'U+2066'],
      ['Alice\u2067', 'U+2067'],
      ['Alice\u2068', 'U+2068'],
      ['Alice\u2069', 'U+2069'],
      ['Ali\u061Cce', 'U+061C'],
      ['Al\u200Bice', 'U+200B'],
      ['Al\u200Cice', 'U+200C'],
      ['Al\u200Dice', 'U+200D'],
      ['Al\u2060ice', 'U+2060'],
      ['Al\uFEFFice', 'U+FEFF'],
      ['Al\u00ADice', 'U+00AD'],
      ['Alice\u{E0041}', 'U+E0041'],
      ['Ali\u0000ce', 'U+0000'],
      ['Ali\nce', 'U+000A'],
      ['Ali\rce', 'U+000D'],
      ['Ali\tce', 'U+0009'],
      ['Ali\u001Bce', 'U+001B'],
      ['Ali\u007Fce', 'U+007F'],
      ['Ali\u0085ce', 'U+0085'],
      ['Ali\u009Bce', 'U+009B'],
      ['Ali\u2028ce', 'U+2028'],
      ['Ali\u2029ce', 'U+2029'],
    ];
    for (const [name, found] of hostile) expect(hiddenCharacterIn(name), JSON.stringify(name)).toBe(found);
  });

  it('accepts the letters, marks, digits, spaces and punctuation of every script', () => {
    for (const name of [
      'Alice',
      'José Álvarez-Núñez',
      "O'Brien",
      'Zoë Brontë',
      '中文名字',
      '山田 太郎',
      'محمد عبد الله',
      'דוד כהן',
      'Ελένη',
      'Владимир',
      'नमस्ते',
      'Nguyễn Thị Minh Khai',
      'ACME Bank, N.A. (US) #2',
      'e\u0301', // a combining accent
      'Café 🙂',
      '\u00A0non-breaking',
    ])
      expect(hiddenCharacterIn(name), name).toBeNull();
  });
});
