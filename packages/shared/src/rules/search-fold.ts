/**
 * How the search compares names (issue 29): case and accents folded, German umlauts spelled out.
 * Müller = Mueller = MÜLLER, Groß = Gross, José = Jose, Łukasz = Lukasz, Ærø = Aero.
 *
 * The database has the same rule as its function search_fold (redefined by migration 0027), which the
 * stored folded names of the customers (first_fold, last_fold, name_fold) and the name parts are made of.
 * Both are written from the tables below, step by step in the same order; search-fold.api.test.ts compares
 * the two on every letter of the tables and a list of names, on PGlite and PostgreSQL. Changing the rule
 * means a new migration that redefines search_fold and recomputes the stored names (as 0027 does).
 */

/**
 * Step 1: letters folded to two letters. German umlauts keep their German spelling (Müller = Mueller),
 * also when typed decomposed (u + combining diaeresis, as some Mac and PDF text is); ß, æ, œ, þ and ĳ are
 * spelled out as their languages do.
 */
export const FOLD_SEQUENCES: ReadonlyArray<readonly [string, string]> = [
  ['Ä', 'ae'],
  ['ä', 'ae'],
  ['Ö', 'oe'],
  ['ö', 'oe'],
  ['Ü', 'ue'],
  ['ü', 'ue'],
  ['A\u0308', 'ae'],
  ['a\u0308', 'ae'],
  ['O\u0308', 'oe'],
  ['o\u0308', 'oe'],
  ['U\u0308', 'ue'],
  ['u\u0308', 'ue'],
  ['ß', 'ss'],
  ['ẞ', 'ss'],
  ['Æ', 'ae'],
  ['æ', 'ae'],
  ['Ǣ', 'ae'],
  ['ǣ', 'ae'],
  ['Ǽ', 'ae'],
  ['ǽ', 'ae'],
  ['Œ', 'oe'],
  ['œ', 'oe'],
  ['Þ', 'th'],
  ['þ', 'th'],
  ['Ĳ', 'ij'],
  ['ĳ', 'ij'],
];

/**
 * Step 2: combining accents (U+0300–U+036F) are dropped: a name typed decomposed (e + combining acute) is
 * the same as the composed one (é), which step 3 folds. The same regular expression in both languages.
 */
export const FOLD_MARKS = '[\\u0300-\\u036f]';

/**
 * Step 3: every other Latin letter with a diacritic becomes its base letter, in lower case (translate() in
 * SQL). The letters of Latin-1, Latin Extended-A and Additional and the accented ones of Latin Extended-B
 * whose Unicode decomposition is a base letter with accents, and those with a stroke or without a dot that
 * have none (ð, đ, ħ, ı, ł, ŀ, ø, ŧ, ſ). Greek final sigma is the sigma, as Unicode case folding has it.
 */
export const FOLD_LETTERS: ReadonlyArray<readonly [string, string]> = [
  ['ÀÁÂÃÅàáâãåĀāĂăĄąǍǎǞǟǠǡǺǻȀȁȂȃȦȧḀḁẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặ', 'a'],
  ['ḂḃḄḅḆḇ', 'b'],
  ['ÇçĆćĈĉĊċČčḈḉ', 'c'],
  ['ĎďḊḋḌḍḎḏḐḑḒḓÐðĐđ', 'd'],
  ['ÈÉÊËèéêëĒēĔĕĖėĘęĚěȄȅȆȇȨȩḔḕḖḗḘḙḚḛḜḝẸẹẺẻẼẽẾếỀềỂểỄễỆệ', 'e'],
  ['Ḟḟ', 'f'],
  ['ĜĝĞğĠġĢģǦǧǴǵḠḡ', 'g'],
  ['ĤĥȞȟḢḣḤḥḦḧḨḩḪḫẖĦħ', 'h'],
  ['ÌÍÎÏìíîïĨĩĪīĬĭĮįİǏǐȈȉȊȋḬḭḮḯỈỉỊịı', 'i'],
  ['Ĵĵǰ', 'j'],
  ['ĶķǨǩḰḱḲḳḴḵ', 'k'],
  ['ĹĺĻļĽľḶḷḸḹḺḻḼḽĿŀŁł', 'l'],
  ['ḾḿṀṁṂṃ', 'm'],
  ['ÑñŃńŅņŇňǸǹṄṅṆṇṈṉṊṋ', 'n'],
  ['ÒÓÔÕòóôõŌōŎŏŐőƠơǑǒǪǫǬǭȌȍȎȏȪȫȬȭȮȯȰȱṌṍṎṏṐṑṒṓỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợØøǾǿ', 'o'],
  ['ṔṕṖṗ', 'p'],
  ['ŔŕŖŗŘřȐȑȒȓṘṙṚṛṜṝṞṟ', 'r'],
  ['ŚśŜŝŞşŠšȘșṠṡṢṣṤṥṦṧṨṩſẛ', 's'],
  ['ŢţŤťȚțṪṫṬṭṮṯṰṱẗŦŧ', 't'],
  ['ÙÚÛùúûŨũŪūŬŭŮůŰűŲųƯưǓǔǕǖǗǘǙǚǛǜȔȕȖȗṲṳṴṵṶṷṸṹṺṻỤụỦủỨứỪừỬửỮữỰự', 'u'],
  ['ṼṽṾṿ', 'v'],
  ['ŴŵẀẁẂẃẄẅẆẇẈẉẘ', 'w'],
  ['ẊẋẌẍ', 'x'],
  ['ÝýÿŶŷŸȲȳẎẏẙỲỳỴỵỶỷỸỹ', 'y'],
  ['ŹźŻżŽžẐẑẒẓẔẕ', 'z'],
  ['ς', 'σ'],
];

/** FOLD_LETTERS as translate()'s two arguments: the letter at each place of FROM becomes the one of TO. */
export const FOLD_FROM = FOLD_LETTERS.map(([letters]) => letters).join('');
export const FOLD_TO = FOLD_LETTERS.map(([letters, base]) => base.repeat([...letters].length)).join('');

/**
 * Step 4 is lower case (lower() in SQL; here letter by letter, which is the same simple case mapping:
 * JavaScript's toLowerCase of a whole text would make a word-final Σ a ς).
 * Step 5: white space (what JavaScript's \s matches, spelled out, as PostgreSQL's \s depends on the
 * locale) becomes one space, none at either end. The same regular expression in both languages.
 */
export const FOLD_SPACES = '[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]+';

const letterMap = new Map(
  FOLD_LETTERS.flatMap(([letters, base]) => [...letters].map((letter) => [letter, base] as const)),
);
const marks = new RegExp(FOLD_MARKS, 'g');
const spaces = new RegExp(FOLD_SPACES, 'g');

/** The text as the search compares it: search_fold in the database. */
export function foldForSearch(text: string): string {
  let folded = text;
  for (const [from, to] of FOLD_SEQUENCES) folded = folded.replaceAll(from, to);
  folded = folded.replace(marks, '');
  let lower = '';
  for (const c of folded) lower += (letterMap.get(c) ?? c).toLowerCase();
  return lower.replace(spaces, ' ').replace(/^ | $/g, '');
}
