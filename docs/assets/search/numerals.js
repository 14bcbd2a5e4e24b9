// numerals.py: numbers as players write them out, Chinese numerals (一千, 三十五) and English and Russian
// number words ("thirty-six", "первое"), read alike by rule numbers (number.js) and chip amounts (amounts.js).
// Pure ES module: no DOM, no fetch.

const CN_DIGITS = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** numerals.chinese_value: 一 → 1, 十 → 10, 三十五 → 35: 0–99; null for anything else (五五, 十十). */
export function chineseValue(s) {
  const digit = (c) => (c in CN_DIGITS ? CN_DIGITS[c] : null);
  if (s.includes("十")) {
    const [tens, ones, more] = s.split("十");
    if (more !== undefined || tens.length > 1 || ones.length > 1) return null;
    const t = tens ? digit(tens) : 1, o = ones ? digit(ones) : 0;
    return t === null || o === null ? null : t * 10 + o;
  }
  return s.length === 1 ? digit(s) : null;
}

// numerals.SPELLED: numbers spelled out, as a whole query says a rule's ("rule thirty six", "первое правило тда").
const SPELLED_UNITS = { one: 1, first: 1, two: 2, second: 2, three: 3, third: 3, four: 4, fourth: 4, five: 5, fifth: 5,
  six: 6, sixth: 6, seven: 7, seventh: 7, eight: 8, eighth: 8, nine: 9, ninth: 9, один: 1, одно: 1, перв: 1, два: 2,
  две: 2, втор: 2, три: 3, трет: 3, четыре: 4, четверт: 4, пять: 5, пят: 5, шесть: 6, шест: 6, семь: 7, седьм: 7,
  восемь: 8, восьм: 8, девять: 9, девят: 9 };
const SPELLED_TEENS = { ten: 10, tenth: 10, eleven: 11, eleventh: 11, twelve: 12, twelfth: 12, thirteen: 13,
  fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, десят: 10, одиннадцат: 11,
  двенадцат: 12, тринадцат: 13, четырнадцат: 14, пятнадцат: 15, шестнадцат: 16, семнадцат: 17, восемнадцат: 18,
  девятнадцат: 19 };
const SPELLED_TENS = { twenty: 20, twentieth: 20, thirty: 30, thirtieth: 30, forty: 40, fortieth: 40, fifty: 50,
  fiftieth: 50, sixty: 60, sixtieth: 60, seventy: 70, seventieth: 70, двадцат: 20, тридцат: 30, сорок: 40,
  сороков: 40, пятьдесят: 50, пятидесят: 50, шестьдесят: 60, шестидесят: 60, семьдесят: 70, семидесят: 70 };
const RU_END = "(?:ь|ый|ое|ая|ого|ому|ом|ой|ые|ых|ий|ье|ья|а|и|ю|у|е|я)?";
const spelledWords = (words) => Object.keys(words).sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).join("|");
const SPELLED = new RegExp(`(?<![\\p{L}\\p{N}_-])(?:(${spelledWords(SPELLED_TENS)})${RU_END}(?:[\\s-]+(${spelledWords(SPELLED_UNITS)})${RU_END})?`
  + `|(${spelledWords(SPELLED_TEENS)})${RU_END}|(${spelledWords(SPELLED_UNITS)})${RU_END})(?![\\p{L}\\p{N}_-])`, "gu");

/** numerals.spelled_numbers: a folded text's spelled-out numbers 1–99 as digits ("thirty-six" → 36, "первое" → 1). */
export function spelledNumbers(text) {
  return text.replace(SPELLED, (m, tens, unit, teen, single) =>
    String(tens ? SPELLED_TENS[tens] + (unit ? SPELLED_UNITS[unit] : 0) : teen ? SPELLED_TEENS[teen] : SPELLED_UNITS[single]));
}

