// Written from plugins/tdarules/search/spec.yaml by `python -m tdarules.search.spec`: edit that
// file, not this one (tests/search/test_spec.py checks they agree). Read by number.js (specRegex),
// numerals.js, amounts.js, situations.js, learned.js, typos.js, suggest.js, ranking.js,
// transliteration.js (through typos.js), known.js and query.js.
export default {
 "fragments": {
  "year": "(?:19|20)[0-9]{2}",
  "cjk": "\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff",
  "word": "{alnum}+(?:['’-]{alnum}+)*",
  "start": "(?<![{w}])",
  "end": "(?![{w}])",
  "cyrillic_part": "авсенкмортухб",
  "part": "[a-z{cyrillic_part}]",
  "mention_part": "[a-fавсеб]",
  "rule_words": "(?:rules?|r\\.?|规则|规|条|правило|правила|правилу|правилом|пункт[аеу]?|пр\\.?|п\\.?|ст\\.?|стать[яиеюй]|№|no\\.?|#)",
  "ordinal": "(?:-?(?:st|nd|rd|th|е|й|ое|ого|ому|ом)(?=\\s))"
 },
 "rule_numbers": {
  "part_letters": {
   "а": "A",
   "в": "B",
   "с": "C",
   "е": "E",
   "н": "H",
   "к": "K",
   "м": "M",
   "о": "O",
   "р": "P",
   "т": "T",
   "у": "Y",
   "х": "X",
   "б": "B"
  },
  "traditional": {
   "規": "规",
   "則": "则",
   "條": "条",
   "議": "议",
   "薦": "荐",
   "舊": "旧",
   "號": "号",
   "節": "节"
  },
  "patterns": {
   "rule_ref": "^(?:{rule_words}\\s*)?(?:(?:number|номер)\\s*)?第?\\s*(?<number>[0-9]{1,2})\\s*条?\\s*[-.]?\\s*(?<part>{part})?\\s*条?$",
   "rule_after": [
    "^第?\\s*(?<number>[0-9]{1,2})(?:\\s*{ordinal}|\\s*[-.]?\\s*(?<part>{part}))?\\s*(?:号\\s*)?",
    "(?:rules?|правил[оаеу]|правилом|пункт[аеу]?|стать[яиеюй]|规则|规定)$"
   ],
   "rp_ref": [
    "^(?:rp|рп|(?:recommended\\s+)?procedures?|(?:рекомендуем|рекомендованн)?(?:ая|ые)?\\s*процедур[аы]",
    "|建议流程|建议程序|推荐流程|推荐程序|流程)\\s*[-.:#]?\\s*第?\\s*(?<number>[0-9]{1,2})\\s*条?\\s*[-.]?\\s*(?<part>{part})?$"
   ],
   "year_old": "(?:\\(\\s*{year}\\s*\\)|{start}{year}\\s*(?:年|г\\.?|года?)?\\s*(?:版|edition|version|редакци[ия])?|(?:tda\\s*)?{year})",
   "edition_year": "{year}",
   "stop_old": "{start}(?:in|from|of|old|tda|the|в|из|старое|старый|старые){end}|[()/,]|旧|的|版",
   "tda_name": "{start}(?:poker\\s+)?(?:tda|тда){end}|{start}(?:из\\s+)?правил{end}",
   "cn_number": "(?<=[第则规程序条])(?<space>\\s*)(?<after>[零〇一二两三四五六七八九十]{1,3})|(?<before>[零〇一二两三四五六七八九十]{1,3})(?=\\s*条)",
   "mention": [
    "(?<![{w}-])(?:(?<procedure>rp|рп|procedures?|процедур[{w}]*|(?:推荐|建议)?(?:流程|程序))|rules?|правил[{w}]*|пункт[{w}]*|стать[яиеюй]|ст(?=\\.|\\s*[0-9])|规则|tda|тда)",
    "\\s*(?:#|№|no\\.?|number|номер)?\\s*[-.:]?\\s*第?\\s*(?<number>[0-9]{1,2})(?![0-9])(?:-?(?<part>{mention_part})(?![{w}]))?",
    "|第\\s*(?<cn_number>[0-9]{1,2})\\s*条(?:-?(?<cn_part>{mention_part})(?![{w}]))?",
    "|(?<![{w}-])(?<number_first>[0-9]{1,2}){ordinal}?\\s*(?:(?:tda|тда)\\s*)?(?:rule|правил[оу]|правилом|пункт[уе]?|стать[яиею])(?![{w}])",
    "|(?<![0-9.a-z-])(?<number_tiao>[1-9][0-9])\\s*条(?=$|[\\s,，。?？!！:：怎说讲是规的里内什呢吗写])"
   ],
   "typed_cyrillic_part": "[0-9]\\s*[条條]?\\s*[-.]?\\s*[АВСЕНКМОРТУХБ{cyrillic_part}](?!{letter})",
   "spelled_needs": "rule|правил|пункт|стать"
  },
  "mention_score": 2.5,
  "amount_score": 1.0
 },
 "amounts": {
  "smallest": 25,
  "scale": {
   "k": 1000,
   "к": 1000,
   "т": 1000,
   "千": 1000,
   "万": 10000,
   "w": 10000
  },
  "counts": {
   "two": 2,
   "three": 3,
   "four": 4,
   "five": 5,
   "six": 6,
   "две": 2,
   "два": 2,
   "три": 3,
   "четыре": 4,
   "пять": 5,
   "шесть": 6,
   "两": 2,
   "二": 2,
   "三": 3,
   "四": 4,
   "五": 5,
   "六": 6
  },
  "before": 24,
  "after": 12,
  "story_after": 16,
  "rules": {
   "change": "61",
   "together": "45",
   "overchip": "44",
   "tiny_chip": "41-D",
   "short_raise": "43-A"
  },
  "tiny": 5,
  "short_raise": 2,
  "patterns": {
   "amount": [
    "(?<![a-zа-я0-9.,])(?<number>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+(?:\\.[0-9]+)?|[一二两三四五六七八九十]{1,2}(?=[千万]))",
    "\\s*(?<scale>k|к|тыс[а-я]*|千|万|w)?(?![a-zа-я0-9])"
   ],
   "not_before": "(?:seat|table|level|rule|pot(?: was| is)?|стол[а-я]*|мест[а-я]*|уров[а-я]*|правил[а-я]*|номер|банк|底池|#|№|第)\\s*$",
   "not_after": "^\\s*(?:sec|min|hour|seat|player|hand|level|сек|мин|час|мест|игрок|раздач|уров|秒|分钟|小时|号|位|人|把|手|级|条)",
   "pair": "^\\s*[-/]\\s*$",
   "blinds": "(?:blinds?|блайнд[а-я]*|盲注?)\\s*(?:are|were|at|of|по)?\\s*$",
   "one_before": {
    "en": "(?<![a-z])(?:one|single)\\s+(?:[a-z]+\\s+)?$",
    "ru": "(?:одн[а-я]*\\s+(?:[а-я]+\\s+)?(?:фишк[а-я]*\\s+)?|(?<![а-я])фишк[уа]\\s+)(?:по\\s+|в\\s+|номиналом\\s+)?$",
    "zh": "(?:一|1|了)\\s*[个颗枚只张粒]$"
   },
   "a_before": "(?<![a-z])an?\\s+(?:[a-z]+\\s+)?$",
   "chip_after": {
    "en": "^\\s*(?:[a-z]+\\s+)?chip(?!s)",
    "ru": "^\\s*(?:одн[а-я]*\\s+)?фишк(?:у|а|ой)(?![а-я])"
   },
   "count_before": [
    "(?:(?<![a-z])(?<en>two|three|four|five|six)|(?<![а-я])(?<ru>две|два|три|четыре|пять|шесть)(?:\\s+фишк[а-я]*)?(?:\\s+по)?",
    "|(?<zh>[两二三四五六])\\s*[个颗枚只张粒])\\s*$"
   ],
   "and": "^\\s*(?:chips?\\s+)?(?:and|plus|и|和|跟|同|加|\\+)\\s*(?:a|an|one|одн[а-я]*|一个|一颗|一粒)?\\s*$",
   "change": "change|chnage|[0-9]+ back|сдач|找零|找钱|找回|退回",
   "bet_before": [
    "(?:(?<![a-z])(?:bets?|betting|open(?:s|ed|ing)?|opening bet(?: was| of| is)?|opener bet|facing(?: a| an)?|against(?: a| an)?|on a|into",
    "|raised? to|raises to|shoved?(?: for)?|all in for|call)",
    "|(?<![а-я])(?:ставк[а-я]*|став[а-я]*|поставил[а-я]*|открыл[а-я]*(?:\\s+на)?|бет[а-я]*|против(?:\\s+[а-я]+)?|на|рейз[а-я]*(?:\\s+до)?)",
    "|(?:下注?了?|落注?了?|加注?到|面对|开了?|跟))\\s*$"
   ],
   "bet_after": "^\\s*(?:(?:chips?\\s+)?(?:bet|open|raise|shove)|(?:的)?(?:下注|注)|(?:бет|ставк))",
   "prior": "on top|сверху|上去|叠|posted|blind chips|лежал|放着|big blind|大盲|(?<![a-z])bb(?![a-z])|(?<![а-я])бб(?![а-я])",
   "told": "(?:(?<![a-z])(?:said|says|told|asked|counted)|(?<!не )(?:сказал|говорит|спросил)|(?<![没不])(?:说|问|喊)(?!话))[^0-9]{0,20}$",
   "two_trips": "(?<![a-z])more(?![a-z])|went back|back for|(?<![а-я])ещ[её]|полез|дозакин"
  }
 },
 "ranking": {
  "situation_weight": 3.0,
  "second": 0.2,
  "third": 0.1,
  "trailing": 0.5,
  "jump_top": 100
 },
 "clauses": {
  "common_share": 0.5,
  "max_words": 16,
  "fuzzy": 0.6,
  "phrase": 2.0,
  "ngram": 0.4,
  "ngram_phrase": 1.5,
  "ngram_slop": 2,
  "term": 1.0,
  "central": 1.5,
  "rendering": 1.0,
  "term_share": 0.4,
  "candidates_per_hit": 4,
  "candidates": 40,
  "fuzzy_words": 3,
  "expansions": 8,
  "fuzzy_from": 4,
  "fuzzy_two_from": 8,
  "phrase_words": [
   2,
   4
  ],
  "ngram_phrase_grams": [
   2,
   6
  ]
 },
 "index": {
  "kind_boost": {
   "rule": 1.0,
   "procedure": 1.0,
   "part": 1.0,
   "addendum": 0.8,
   "example": 0.6,
   "glossary": 0.4
  },
  "title_boost": 2.0
 },
 "limits": {
  "query_characters": 1000,
  "cpu_seconds": 0.1
 },
 "lookalikes": {
  "latin": "aceopxykmthb",
  "cyrillic": "асеорхукмтнв",
  "to_latin": {
   "і": "i"
  },
  "patterns": {
   "cyrillic": "[а-яі]",
   "latin": "[a-z]",
   "word": "{letter}+"
  }
 },
 "keyboards": {
  "ru": {
   "typed": "[a-z\\[\\];',.`]*[a-z][a-z\\[\\];',.`]*",
   "from": "qwertyuiop[]asdfghjkl;'zxcvbnm,.`",
   "to": "йцукенгшщзхъфывапролджэячсмитьбюе"
  },
  "en": {
   "typed": "[а-яе]+",
   "from": "йцукенгшщзхъфывапролджэячсмитьбю",
   "to": "qwertyuiop[]asdfghjkl;'zxcvbnm,."
  }
 },
 "cantonese_words": {
  "系": "是",
  "关系": "关系",
  "联系": "联系",
  "系统": "系统",
  "体系": "体系",
  "系列": "系列",
  "水系": "水系",
  "菜系": "菜系",
  "系咪": "是不是",
  "先系": "才是",
  "乜嘢": "什么",
  "咩": "什么",
  "点解": "为什么",
  "点样": "怎样",
  "点计": "怎么算",
  "点处理": "怎么处理",
  "几多": "多少",
  "边个": "谁",
  "边度": "哪里",
  "嘢": "东西",
  "咁样": "这样",
  "噉样": "这样",
  "咁": "这么",
  "噉": "这样",
  "而家": "现在",
  "琴晚": "昨晚",
  "琴日": "昨天",
  "寻日": "昨天",
  "听日": "明天",
  "啱啱": "刚刚",
  "啱": "对",
  "仲有": "还有",
  "仲未": "还没",
  "仲要": "还要",
  "仲系": "还是",
  "仲可以": "还可以",
  "钟意": "喜欢",
  "呢个": "这个",
  "呢度": "这里",
  "呢次": "这次",
  "呢张": "这张",
  "呢种": "这种",
  "呢手": "这手",
  "呢排": "最近",
  "派牌": "发牌",
  "派多": "发多",
  "派少": "发少",
  "派错": "发错",
  "派了": "发了",
  "派第": "发第",
  "落注": "下注",
  "落了注": "下了注",
  "反牌": "亮牌",
  "推晒": "全下",
  "一铺": "一手",
  "呢铺": "这手",
  "那铺": "那手",
  "每铺": "每手",
  "成铺": "整手",
  "坐低": "坐下",
  "企起": "站起",
  "企在": "站在",
  "企住": "站着",
  "行开": "走开",
  "拎起": "拿起",
  "拎走": "拿走",
  "拎返": "拿回",
  "拎出": "拿出",
  "拿返": "拿回",
  "收返": "收回",
  "收埋": "藏起"
 },
 "cantonese_marks": "[佢哋嘅咗喺冇唔啲嗰嚟睇攞]",
 "cantonese_only_words": {
  "跟住": "接着",
  "加埋": "加上",
  "不该": "谢谢",
  "不该晒": "谢谢"
 },
 "words": {
  "patterns": {
   "cjk": "[{cjk}]",
   "cjk_run": "[{cjk}]+",
   "word": "{word}",
   "token": "[{cjk}]+|{word}",
   "letters": "{alpha}+",
   "term_token": "[{cjk}]+|{alnum}+",
   "between_cjk": "(?<=[{cjk}]) (?=[{cjk}])",
   "cjk_junction": "(?<=[{cjk}])(?=[{cjk}])",
   "spaces": "[\\s\\-‐‑–—_·・]+"
  }
 },
 "situations": {
  "threshold": 0.5,
  "weak_threshold": 0.34,
  "weak": 0.5,
  "full_weight": 3.0,
  "passed_over": 0.3,
  "unigram": 0.5,
  "coverage": 1.0,
  "en_suffixes": [
   "ing",
   "ed",
   "es",
   "s",
   "ly"
  ],
  "undouble_after": [
   "ing",
   "ed"
  ],
  "ru_endings": "ами ями ого его ому ему ыми ими ой ей ий ый ая яя ое ее ые ие ов ев ах ях ам ям ом ем ую юю ешь ет ют ит ат ят ть ся сь а я о е ы и у ю ь й",
  "shortest_stem": 3,
  "en_stem": 7,
  "ru_stem": 6,
  "asked_min_chars": 150,
  "asked_most_of": 0.8,
  "asked_weight": 0.6,
  "asked_min_keys": 3,
  "patterns": {
   "asked": "[^.!?。\\n]+\\?",
   "doubled": "([b-df-hj-km-rtv-y])\\1$",
   "cyrillic": "[а-я]",
   "negation": "n['’]t$",
   "amount": "[0-9]{3,}|[0-9]+[kк]",
   "zh_amount": "[0-9]+[百千万]|[一二两三四五六七八九十][零一二两三四五六七八九十百千万]*[百千万]"
  }
 },
 "learned": {
  "c": 1,
  "scale": 100,
  "prune": 10,
  "weight": 1.2,
  "top": 5,
  "min_count": 2,
  "pair_min_count": 5,
  "pair": "+",
  "quoted": "«[^«»]{1,60}»|“[^“”]{1,60}”|„[^„“”]{1,60}[“”]|\"[^\"]{1,60}\"|‘[^‘’]{1,60}’|「[^「」]{1,60}」|『[^『』]{1,60}』",
  "quoted_key": "«»"
 },
 "suggest": {
  "min_term": 3,
  "min_word": 3,
  "min_run": 2,
  "cjk_chars_per_edit": 3,
  "long_word": 5,
  "most_edits": 2
 },
 "typos": {
  "min_word": 4,
  "everyday_zipf": 3.0,
  "pinyin_longest": 4,
  "pinyin_word": "[a-z]+",
  "guard_frequency": 3000,
  "guard_longest": 3
 },
 "numerals": {
  "cn_digits": {
   "零": 0,
   "〇": 0,
   "一": 1,
   "二": 2,
   "两": 2,
   "三": 3,
   "四": 4,
   "五": 5,
   "六": 6,
   "七": 7,
   "八": 8,
   "九": 9
  },
  "units": {
   "one": 1,
   "first": 1,
   "two": 2,
   "second": 2,
   "three": 3,
   "third": 3,
   "four": 4,
   "fourth": 4,
   "five": 5,
   "fifth": 5,
   "six": 6,
   "sixth": 6,
   "seven": 7,
   "seventh": 7,
   "eight": 8,
   "eighth": 8,
   "nine": 9,
   "ninth": 9,
   "один": 1,
   "одно": 1,
   "перв": 1,
   "два": 2,
   "две": 2,
   "втор": 2,
   "три": 3,
   "трет": 3,
   "четыре": 4,
   "четверт": 4,
   "пять": 5,
   "пят": 5,
   "шесть": 6,
   "шест": 6,
   "семь": 7,
   "седьм": 7,
   "восемь": 8,
   "восьм": 8,
   "девять": 9,
   "девят": 9
  },
  "teens": {
   "ten": 10,
   "tenth": 10,
   "eleven": 11,
   "eleventh": 11,
   "twelve": 12,
   "twelfth": 12,
   "thirteen": 13,
   "fourteen": 14,
   "fifteen": 15,
   "sixteen": 16,
   "seventeen": 17,
   "eighteen": 18,
   "nineteen": 19,
   "десят": 10,
   "одиннадцат": 11,
   "двенадцат": 12,
   "тринадцат": 13,
   "четырнадцат": 14,
   "пятнадцат": 15,
   "шестнадцат": 16,
   "семнадцат": 17,
   "восемнадцат": 18,
   "девятнадцат": 19
  },
  "tens": {
   "twenty": 20,
   "twentieth": 20,
   "thirty": 30,
   "thirtieth": 30,
   "forty": 40,
   "fortieth": 40,
   "fifty": 50,
   "fiftieth": 50,
   "sixty": 60,
   "sixtieth": 60,
   "seventy": 70,
   "seventieth": 70,
   "двадцат": 20,
   "тридцат": 30,
   "сорок": 40,
   "сороков": 40,
   "пятьдесят": 50,
   "пятидесят": 50,
   "шестьдесят": 60,
   "шестидесят": 60,
   "семьдесят": 70,
   "семидесят": 70
  },
  "ru_end": "(?:ь|ый|ое|ая|ого|ому|ом|ой|ые|ых|ий|ье|ья|а|и|ю|у|е|я)?"
 },
 "transliteration": {
  "table": {
   "shch": [
    "щ"
   ],
   "sch": [
    "щ",
    "сч"
   ],
   "zh": [
    "ж"
   ],
   "kh": [
    "х"
   ],
   "ch": [
    "ч"
   ],
   "sh": [
    "ш"
   ],
   "ts": [
    "ц"
   ],
   "tz": [
    "ц"
   ],
   "tch": [
    "ч"
   ],
   "ya": [
    "я"
   ],
   "ja": [
    "я"
   ],
   "ia": [
    "я"
   ],
   "yu": [
    "ю"
   ],
   "ju": [
    "ю"
   ],
   "iu": [
    "ю"
   ],
   "yo": [
    "е"
   ],
   "jo": [
    "е"
   ],
   "ye": [
    "е"
   ],
   "je": [
    "е"
   ],
   "yy": [
    "ый",
    "ий"
   ],
   "iy": [
    "ий",
    "ый"
   ],
   "ij": [
    "ий"
   ],
   "yj": [
    "ый"
   ],
   "ei": [
    "ей"
   ],
   "ey": [
    "ей"
   ],
   "ai": [
    "ай"
   ],
   "ay": [
    "ай"
   ],
   "oi": [
    "ой"
   ],
   "oy": [
    "ой"
   ],
   "a": [
    "а"
   ],
   "b": [
    "б"
   ],
   "v": [
    "в"
   ],
   "w": [
    "в"
   ],
   "g": [
    "г"
   ],
   "d": [
    "д"
   ],
   "e": [
    "е",
    "э"
   ],
   "z": [
    "з"
   ],
   "i": [
    "и",
    "й",
    "ы"
   ],
   "y": [
    "ы",
    "й",
    "и"
   ],
   "j": [
    "й",
    "ж"
   ],
   "k": [
    "к"
   ],
   "l": [
    "л"
   ],
   "m": [
    "м"
   ],
   "n": [
    "н"
   ],
   "o": [
    "о"
   ],
   "p": [
    "п"
   ],
   "r": [
    "р"
   ],
   "s": [
    "с"
   ],
   "t": [
    "т"
   ],
   "u": [
    "у"
   ],
   "f": [
    "ф"
   ],
   "h": [
    "х"
   ],
   "c": [
    "ц",
    "к",
    "с"
   ],
   "x": [
    "кс",
    "х"
   ],
   "q": [
    "к"
   ],
   "'": [
    "ь",
    "ъ"
   ]
  },
  "glides": [
   "ai",
   "ay",
   "ei",
   "ey",
   "ij",
   "iy",
   "oi",
   "oy",
   "yj",
   "yy"
  ],
  "vowels": "aeiouy",
  "softened": "бвдзлмнпрстфцчшщ",
  "word": "(?:[a-z]+')*[a-z]*[bcdfghjklmnpqrstvwxz]'(?![a-z])|[a-z]+(?:'[a-z]+)*",
  "min_word": 4,
  "max_states": 400,
  "ending": 3
 },
 "fallback": {
  "story_words": 30,
  "story_searches": 128,
  "central": 0.2,
  "renderings": 3,
  "word_searches": 6,
  "rrf_k": 5,
  "weights": {
   "query": 1,
   "other": 0.5,
   "word": 0.3
  },
  "rank_decay": 0.25,
  "min_word": 3,
  "min_cjk_word": 2,
  "long_cjk_word": 3,
  "pair_share": 0.5,
  "native_slack": 2,
  "question_words": 2,
  "question_cjk_chars": 6,
  "excerpt_words": 24,
  "candidates_per_hit": 2,
  "min_stem": 4,
  "max_suffix": 4
 }
};
