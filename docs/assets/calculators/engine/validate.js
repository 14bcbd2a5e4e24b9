// Shared field validation for the calculator engine.
// Pure: no DOM, no dependencies, never throws. Errors are message codes + params;
// the human text lives in rulebook/ui/calculators.yaml.

// Numbers typed by a reader: digits, optionally grouped in thousands the way the reader's language
// writes them, and (only where a field allows fractions) a decimal part. Nothing else: "1 0 0 0",
// "1,0,0", "1e3", "0x10", "١٠٠" and fullwidth digits are errors, not 1000, 100, 1000, 16 and 100.
const NUMBER_FORMATS = {
  en: { group: '[,]', decimal: '\\.', example: '12,500' },
  'zh-Hant': { group: '[,]', decimal: '\\.', example: '12,500' },
  'zh-Hans': { group: '[,]', decimal: '\\.', example: '12,500' },
  ru: { group: '[ \\u00a0\\u202f]', decimal: ',', example: '12 500' },
};
const NUMBER_RE = {};
for (const [lang, f] of Object.entries(NUMBER_FORMATS)) {
  NUMBER_RE[lang] = new RegExp(`^(-?)(\\d{1,3}(?:${f.group}\\d{3})+|\\d+)(?:${f.decimal}(\\d+))?$`);
}
// Far above any real tournament (a Main Event has well under 10^10 chips in play), far below where
// arithmetic on doubles stops being exact.
export const MAX_AMOUNT = 1e11;
export const MAX_ITEMS = 500;

export function parseNumber(text, locale = 'en') {
  const lang = Object.prototype.hasOwnProperty.call(NUMBER_RE, locale) ? locale : 'en';
  const m = NUMBER_RE[lang].exec(text.trim());
  if (!m) return { error: NUMBER_FORMATS[lang].example };
  const digits = m[2].replace(/\D/g, '');
  return { value: Number(`${m[1]}${digits}${m[3] !== undefined ? `.${m[3]}` : ''}`) };
}

export class Validator {
  constructor(input) {
    this.input = input && typeof input === 'object' && !Array.isArray(input) ? input : {};
    this.locale = typeof this.input.locale === 'string' ? this.input.locale : 'en';
    this.errors = [];
    if (!(input && typeof input === 'object' && !Array.isArray(input))) {
      this.error('input', 'not_an_object');
    }
  }

  error(field, code, params = {}) {
    this.errors.push({ field, code, params });
    return undefined;
  }

  get ok() {
    return this.errors.length === 0;
  }

  fail() {
    return { ok: false, errors: this.errors };
  }

  has(field) {
    const v = own(this.input, field);
    return v !== undefined && v !== null && v !== '';
  }

  // Every field reader starts here: {value} when the field is given, else {absent: what to return}
  // (its default, nothing when opts.required is false, or a `required` error).
  read(field, opts, source, path, { emptyIsAbsent = true } = {}) {
    const v = own(source, field);
    if (!(v === undefined || v === null || (emptyIsAbsent && v === ''))) return { value: v };
    if ('default' in opts) return { absent: opts.default };
    return { absent: opts.required === false ? undefined : this.error(path, 'required') };
  }

  // Number field. opts: {required=true, default, min=0, max=MAX_AMOUNT, integer=true, positive=false, path}
  // Whole numbers unless the field says integer: false: chips, seats and players do not come in fractions.
  num(field, opts = {}, source = this.input, path = field) {
    const { min = 0, max = MAX_AMOUNT, integer = true, positive = false } = opts;
    const got = this.read(field, opts, source, path);
    if ('absent' in got) return got.absent;
    let v = got.value;
    if (typeof v === 'string') {
      if (!/\d/.test(v)) return this.error(path, 'not_a_number', { value: v.slice(0, 40) });
      const parsed = parseNumber(v, this.locale);
      if (parsed.error) return this.error(path, 'number_format', { value: v.slice(0, 40), example: parsed.error });
      v = parsed.value;
    }
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      return this.error(path, 'not_a_number', { value: String(v) });
    }
    // "-0" is zero: as −0 it would pass every check below and come back in results and messages,
    // where Intl.NumberFormat writes it "-0".
    if (v === 0) v = 0;
    if (v < 0 && min >= 0) return this.error(path, 'negative', { value: v });
    if (positive && v <= 0) return this.error(path, 'not_positive', { value: v });
    if (integer && !Number.isInteger(v)) return this.error(path, 'not_integer', { value: v });
    if (min !== undefined && v < min) return this.error(path, 'below_minimum', { value: v, min });
    if (max !== undefined && v > max) return this.error(path, 'above_maximum', { value: v, max });
    return v;
  }

  bool(field, opts = {}, source = this.input, path = field) {
    const got = this.read(field, opts, source, path);
    if ('absent' in got) return got.absent;
    const v = got.value;
    if (v === true || v === 'true') return true;
    if (v === false || v === 'false') return false;
    return this.error(path, 'not_boolean', { value: String(v) });
  }

  choice(field, choices, opts = {}, source = this.input, path = field) {
    const got = this.read(field, opts, source, path);
    if ('absent' in got) return got.absent;
    const v = got.value;
    if (!choices.includes(v)) {
      return this.error(path, 'invalid_choice', { value: String(v), choices: choices.join(', ') });
    }
    return v;
  }

  list(field, opts = {}, source = this.input, path = field) {
    const got = this.read(field, opts, source, path, { emptyIsAbsent: false });
    if ('absent' in got) return got.absent;
    const v = got.value;
    if (!Array.isArray(v)) return this.error(path, 'not_a_list');
    if (opts.minLength !== undefined && v.length < opts.minLength) {
      return this.error(path, 'too_few', { min: opts.minLength, count: v.length });
    }
    const maxLength = opts.maxLength ?? MAX_ITEMS;
    if (v.length > maxLength) return this.error(path, 'too_many', { max: maxLength, count: v.length });
    return v;
  }

  str(field, opts = {}, source = this.input, path = field) {
    const got = this.read(field, opts, source, path);
    if ('absent' in got) return got.absent;
    const v = got.value;
    if (typeof v !== 'string' && typeof v !== 'number') return this.error(path, 'not_a_string');
    const text = String(v).trim();
    if (text.length > (opts.maxLength ?? 100)) return this.error(path, 'too_long', { max: opts.maxLength ?? 100 });
    return text;
  }
}

// A field of a reader's object, never one inherited from Object.prototype ("constructor", "__proto__").
function own(source, field) {
  if (!source || typeof source !== 'object') return undefined;
  return Object.prototype.hasOwnProperty.call(source, field) ? source[field] : undefined;
}

// Wrap a calculator so that nothing ever throws into the caller.
export function safe(fn) {
  return function (input) {
    try {
      return fn(input);
    } catch (e) {
      return { ok: false, errors: [{ field: 'input', code: 'internal_error', params: { message: String(e && e.message) } }] };
    }
  };
}

export function step(code, params = {}) {
  return { code, params };
}

// `discretion`: what the cited rules leave open for this result (TD's discretion, Rule 1, "may",
// house policy), each a message code + params like a step. Every result says so explicitly, never by
// silently picking one outcome; a result citing Rule 1 always has at least one entry.
export function success(fields, steps, citations, discretion = []) {
  return { ok: true, ...fields, steps, citations: [...new Set(citations)], discretion };
}
