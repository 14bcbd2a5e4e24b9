// Russian typed in Latin letters, read in Cyrillic through the Russian site's vocabulary: the twin
// of plugins/tdarules/search/transliteration.py, reading the same table and bounds (spec.yaml's
// `transliteration`, handed in by typos.js from spec.js), with the same names. A Latin word
// is read as every Cyrillic word its letters could spell, kept only while it starts a word the site
// knows; the best-known word wins, else the plainest reading one edit from a known word. The other
// words of the query come along in their plainest reading only beside a word that was read.

export class Transliterator {
  constructor(spec, corrector) {
    this.table = Object.entries(spec.table).sort((a, b) => b[0].length - a[0].length);
    this.glides = new Set(spec.glides);
    this.vowels = new Set(Array.from(spec.vowels));
    this.softened = new Set(Array.from(spec.softened));
    this.wordRe = new RegExp(spec.word, "gu");
    this.compoundRe = new RegExp(`(?:${spec.word})(?:-(?:${spec.word}))+`, "gu");
    this.minWord = spec.min_word;
    this.maxStates = spec.max_states;
    this.ending = spec.ending;
    this.corrector = corrector;
    this.prefixes = new Set();
    for (const word of corrector.rank.keys()) for (let i = 1; i <= word.length; i++) this.prefixes.add(word.slice(0, i));
  }

  viable(text, done) {
    if (done) return this.corrector.isKnown(text);
    if (this.prefixes.has(text)) return true;
    for (let k = Math.max(this.minWord - 1, text.length - this.ending); k < text.length; k++) {
      if (this.corrector.stems.has(text.slice(0, k))) return true;
    }
    return false;
  }

  matches(latin, key, pos) {
    if (!latin.startsWith(key, pos)) return false;
    const end = pos + key.length;
    return !this.glides.has(key) || end === latin.length || !this.vowels.has(latin[end]);
  }

  readings(latin) {
    const states = new Map([[0, [""]]]);
    for (let pos = 0; pos <= latin.length; pos++) {
      const current = states.get(pos) || [];
      states.delete(pos);
      if (pos === latin.length) return current.filter((t) => this.viable(t, true));
      for (const text of current) {
        for (const [key, options] of this.table) {
          if (!this.matches(latin, key, pos)) continue;
          const end = pos + key.length;
          for (const option of options) {
            const reads = this.softened.has(option[option.length - 1]) ? [option, option + "ь"] : [option];
            for (const read of reads) {
              const next = text + read;
              if (this.viable(next, false) || (end === latin.length && this.viable(next, true))) {
                if (!states.has(end)) states.set(end, []);
                const bucket = states.get(end);
                if (bucket.length < this.maxStates && !bucket.includes(next)) bucket.push(next);
              }
            }
          }
        }
      }
    }
    return [];
  }

  plain(latin) {
    const out = [];
    let pos = 0;
    while (pos < latin.length) {
      const hit = this.table.find(([key]) => this.matches(latin, key, pos));
      if (hit) { out.push(hit[1][0]); pos += hit[0].length; } else { out.push(latin[pos]); pos++; }
    }
    return out.join("");
  }

  word(latin) {
    const found = this.readings(latin);
    if (found.length) {
      const size = this.corrector.rank.size;
      const rankOf = (w) => (this.corrector.rank.has(w) ? this.corrector.rank.get(w) : size);
      return found.reduce((best, w) => (rankOf(w) < rankOf(best) ? w : best), found[0]);
    }
    if (this.corrector.word(latin)) return null;
    const near = this.corrector.word(this.plain(latin));
    return near && !near.includes(" ") ? near : null;
  }

  known(latin) {
    return this.corrector.isKnown(latin) || this.corrector.isKnown(latin.replaceAll("'", ""));
  }

  read(text) {
    // a hyphenated word the site knows ("all-in", "heads-up") stays whole: none of its parts is read
    const whole = [...text.matchAll(this.compoundRe)].filter((c) => this.known(c[0]))
      .map((c) => [c.index, c.index + c[0].length]);
    const matches = [...text.matchAll(this.wordRe)].filter((m) => !whole.some(([a, b]) => a <= m.index && m.index < b));
    const changes = [];
    let anchored = false;
    for (const m of matches) {
      const latin = m[0];
      if (latin.replaceAll("'", "").length < this.minWord || this.known(latin)) continue;
      const read = this.word(latin);
      if (read) { anchored = true; changes.push([m.index, m.index + latin.length, read]); }
    }
    if (!anchored) return text;
    const readAt = new Set(changes.map(([start]) => start));
    for (const m of matches) {
      const latin = m[0];
      if (readAt.has(m.index) || this.known(latin) || this.corrector.word(latin)) continue;
      // a short word as the site's word it spells when there is one ("eto" это), else the first reading
      const short = latin.replaceAll("'", "").length < this.minWord;
      changes.push([m.index, m.index + latin.length, (short ? this.word(latin) : null) || this.plain(latin)]);
    }
    changes.sort((a, b) => b[0] - a[0]);
    for (const [start, end, read] of changes) text = text.slice(0, start) + read + text.slice(end);
    return text;
  }
}
