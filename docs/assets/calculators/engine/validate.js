// Shared field validation for the calculator engine.
// Pure: no DOM, no dependencies, never throws. Errors are message codes + params;
// the human text lives in rulebook/ui/calculators.yaml.

export class Validator {
  constructor(input) {
    this.input = input && typeof input === 'object' && !Array.isArray(input) ? input : {};
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
    const v = this.input[field];
    return v !== undefined && v !== null && v !== '';
  }

  // Every field reader starts here: {value} when the field is given, else {absent: what to return}
  // (its default, nothing when opts.required is false, or a `required` error).
  read(field, opts, source, path, { emptyIsAbsent = true } = {}) {
    const v = source ? source[field] : undefined;
    if (!(v === undefined || v === null || (emptyIsAbsent && v === ''))) return { value: v };
    if ('default' in opts) return { absent: opts.default };
    return { absent: opts.required === false ? undefined : this.error(path, 'required') };
  }

  // Number field. opts: {required=true, default, min=0, max, integer=false, positive=false, path}
  num(field, opts = {}, source = this.input, path = field) {
    const { min = 0, max, integer = false, positive = false } = opts;
    const got = this.read(field, opts, source, path);
    if ('absent' in got) return got.absent;
    let v = got.value;
    if (typeof v === 'string') {
      const s = v.trim().replace(/[,_\s]/g, '');
      if (!/^-?\d+(\.\d+)?$/.test(s)) return this.error(path, 'not_a_number', { value: String(v) });
      v = Number(s);
    }
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      return this.error(path, 'not_a_number', { value: String(v) });
    }
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
    return v;
  }

  str(field, opts = {}, source = this.input, path = field) {
    const got = this.read(field, opts, source, path);
    if ('absent' in got) return got.absent;
    const v = got.value;
    if (typeof v !== 'string' && typeof v !== 'number') return this.error(path, 'not_a_string');
    return String(v);
  }
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

export function success(fields, steps, citations) {
  return { ok: true, ...fields, steps, citations: [...new Set(citations)] };
}
