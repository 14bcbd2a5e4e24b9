// Calculators UI: fills every <section class="tda-calc" data-calc="…"> on the page with a
// form built from the small field specs below, runs the pure engine (./engine/index.js), and shows
// the result, the arithmetic steps and the rule parts applied (linked and quoted) in the page
// language. Strings come from /data/ui/calculators.<lang>.json (rulebook/ui/calculators.yaml).
// Nothing here throws into the console: every entry point is wrapped and shows a message instead.
import { calculators } from './engine/index.js';

// ------------------------------------------------------------------ field specs
// type: num | text | select | check | tristate | list (scalars) | rows (objects) | pairs (object)
const ACTIONS = ['check', 'bet', 'raise', 'call', 'allin', 'fold'];
const SPECS = {
  minRaise: [
    { name: 'game', type: 'select', set: 'game', values: ['noLimit', 'potLimit', 'limit'] },
    { name: 'street', type: 'select', set: 'street', values: ['postflop', 'preflop'] },
    { name: 'bigBlind', type: 'num' },
    { name: 'smallBlind', type: 'num', optional: true, when: (v) => v.street === 'preflop' },
    { name: 'betSize', type: 'num', optional: true, when: (v) => v.game === 'limit' },
    { name: 'actions', type: 'rows', rows: 2, cols: [
      { name: 'player', type: 'text', sub: 'player' },
      { name: 'action', type: 'select', set: 'action', values: ACTIONS, sub: 'action' },
      { name: 'to', type: 'num', sub: 'to', send: (row) => ['bet', 'raise', 'allin'].includes(row.action) }] },
    { name: 'forPlayer', type: 'text', optional: true },
  ],
  chipPushing: [
    { name: 'currentBet', type: 'num' },
    { name: 'minRaise', type: 'num' },
    { name: 'chips', type: 'list', item: 'num', sub: 'chip', rows: 2 },
    { name: 'total', type: 'num', optional: true },
    { name: 'declaration', type: 'select', set: 'declaration', values: ['none', 'call', 'raise', 'allin', 'amount', 'raiseAmount'] },
    { name: 'declaredAmount', type: 'num', when: (v) => v.declaration === 'amount' || v.declaration === 'raiseAmount' },
    { name: 'priorBet', type: 'num', optional: true },
    { name: 'priorChips', type: 'select', set: 'priorChips', values: ['none', 'leftAlone', 'fullyPulledBack', 'partlyPulledBack'] },
    { name: 'priorChipValue', type: 'num', optional: true, when: (v) => v.priorChips !== 'none' },
    { name: 'priorPulledBack', type: 'num', when: (v) => v.priorChips === 'partlyPulledBack' },
    { name: 'lastChips', type: 'check' },
  ],
  potLimit: [
    { name: 'street', type: 'select', set: 'street', values: ['preflop', 'postflop'] },
    { name: 'potBefore', type: 'num', optional: true },
    { name: 'smallBlind', type: 'num', when: (v) => v.street === 'preflop' },
    { name: 'bigBlind', type: 'num', when: (v) => v.street === 'preflop' },
    { name: 'smallBlindPosted', type: 'num', optional: true, when: (v) => v.street === 'preflop' },
    { name: 'bigBlindPosted', type: 'num', optional: true, when: (v) => v.street === 'preflop' },
    { name: 'actingBlind', type: 'select', set: 'actingBlind', values: ['none', 'sb', 'bb'], when: (v) => v.street === 'preflop' },
    { name: 'bets', type: 'list', item: 'num', sub: 'bet', rows: 0 },
    { name: 'playerBet', type: 'num', optional: true },
    { name: 'betMade', type: 'num', optional: true },
    { name: 'basedOnPotCount', type: 'check', checked: true, when: (v) => v.betMade !== '' },
    { name: 'substantialActionAfterBet', type: 'check', when: (v) => v.betMade !== '' },
    { name: 'nextCardDealt', type: 'check', when: (v) => v.betMade !== '' },
  ],
  undercall: [
    { name: 'callTo', type: 'num' },
    { name: 'priorBet', type: 'num', optional: true },
    { name: 'amountPushed', type: 'num' },
    { name: 'declaration', type: 'select', set: 'declaration', values: ['none', 'call', 'raise', 'amount'] },
    { name: 'headsUp', type: 'check' },
    { name: 'facingOpeningBet', type: 'check' },
    { name: 'inTurn', type: 'check', checked: true },
    { name: 'allIn', type: 'check' },
    { name: 'undercallsInSequence', type: 'num', optional: true },
    { name: 'previousBetLevel', type: 'num', optional: true },
    { name: 'singleChip', type: 'num', optional: true },
  ],
  substantialAction: [
    { name: 'actions', type: 'list', item: 'select', set: 'action', values: ['post', ...ACTIONS], sub: 'action', rows: 2 },
    { name: 'context', type: 'select', set: 'context', values: ['general', 'misdeal', 'skippedPlayer'] },
    { name: 'reasonableTime', type: 'check', checked: true, when: (v) => v.context === 'skippedPlayer' },
    { name: 'fouledDeck', type: 'check', when: (v) => v.context === 'misdeal' },
  ],
  sidePots: [
    { name: 'players', type: 'rows', rows: 3, cols: [
      { name: 'id', type: 'text', sub: 'id' },
      { name: 'committed', type: 'num', sub: 'committed' },
      { name: 'allIn', type: 'check', sub: 'allIn' },
      { name: 'folded', type: 'check', sub: 'folded' }] },
    { name: 'bettingComplete', type: 'check' },
  ],
  oddChips: [
    { name: 'pot', type: 'num' },
    { name: 'smallestChip', type: 'num' },
    { name: 'game', type: 'select', set: 'oddGame', values: ['board', 'stud'] },
    { name: 'split', type: 'select', set: 'split', values: ['high', 'hiLo'] },
    { name: 'winners', type: 'list', item: 'num', sub: 'seat', rows: 2 },
    { name: 'lowWinners', type: 'list', item: 'num', sub: 'seat', rows: 1, when: (v) => v.split === 'hiLo' },
    { name: 'buttonSeat', type: 'num', when: (v) => v.game === 'board' },
    { name: 'seats', type: 'num', optional: true },
    { name: 'highCards', type: 'rows', rows: 2, when: (v) => v.game === 'stud', cols: [
      { name: 'seat', type: 'num', sub: 'seat' }, { name: 'card', type: 'text', sub: 'card' }] },
    { name: 'suitOrder', type: 'text', optional: true, when: (v) => v.game === 'stud' },
  ],
  ambiguousAmount: [
    { name: 'declared', type: 'num' },
    { name: 'bigBlind', type: 'num' },
    { name: 'pot', type: 'num' },
    { name: 'minimumBet', type: 'num', optional: true },
    { name: 'stack', type: 'num', optional: true },
  ],
  penalties: [
    { name: 'playersAtTable', type: 'num' },
    { name: 'rounds', type: 'num' },
  ],
  handForHand: [
    { name: 'playersRemaining', type: 'num' },
    { name: 'placesPaid', type: 'num' },
    { name: 'bustedThisHand', type: 'num' },
    { name: 'payouts', type: 'pairs', rows: 1, cols: [
      { name: 'place', type: 'num', sub: 'place' }, { name: 'amount', type: 'num', sub: 'amount' }] },
    { name: 'handsPlayed', type: 'num', optional: true },
    { name: 'minutesPerHand', type: 'num', optional: true },
  ],
  tableBalancing: [
    { name: 'tables', type: 'rows', rows: 2, cols: [
      { name: 'id', type: 'text', sub: 'table' },
      { name: 'players', type: 'num', sub: 'players' },
      { name: 'blindsImpacted', type: 'tristate', sub: 'blindsImpacted' }] },
    { name: 'handedness', type: 'num', optional: true },
    { name: 'format', type: 'select', set: 'format', values: ['standard', 'shortHanded', 'turbo'] },
  ],
  randomSeating: [
    { name: 'players', type: 'list', item: 'text', sub: 'name', rows: 2 },
    { name: 'seats', type: 'list', item: 'text', sub: 'seatCard', rows: 2 },
    { name: 'suitOrder', type: 'text', optional: true },
  ],
};

// What the result box shows first (the steps and citations follow for every calculator).
const SUMMARY = {
  minRaise: (o) => [
    [o.currentBet ? 'minRaiseTo' : 'minBetTo', o.minRaiseTo], ['currentBet', o.currentBet],
    ...(o.forPlayer ? [['toCall', o.toCall], ['reopened', o.reopened], ['options', o.options, 'action']] : [])],
  chipPushing: (o) => [['outcome', o.outcome], ['callTo', o.callTo], ['raiseTo', o.raiseTo], ['betTo', o.betTo],
    ['allInTo', o.allInTo], ['mustAdd', o.mustAdd], ['returned', o.returned]],
  potLimit: (o) => [['maxBetTo', o.maxBetTo], ['pot', o.pot], ['toCall', o.toCall], ['potAfterCall', o.potAfterCall],
    ['correction', o.correction], ['correctedTo', o.correctedTo]],
  undercall: (o) => [['ruling', o.ruling], ['callTo', o.callTo], ['amountToAdd', o.amountToAdd],
    ['forfeitIfFold', o.forfeitIfFold], ['returnedIfFold', o.returnedIfFold]],
  substantialAction: (o) => [['substantialAction', o.substantialAction], ['atAction', o.atAction]],
  sidePots: (o) => [['total', o.total]],
  oddChips: () => [],
  ambiguousAmount: (o) => [['amount', o.amount], ['meanings', o.meanings]],
  penalties: (o) => [['handsMissed', o.handsMissed]],
  handForHand: (o) => [['placesOfBustedPlayers', o.placesOfBustedPlayers], ['sharePlaces', o.sharePlaces],
    ['eachReceives', o.eachReceives], ['playersLeft', o.playersLeft], ['clockDeductionMinutes', o.clockDeductionMinutes]],
  tableBalancing: (o) => [['combineNow', o.combineNow], ['finalTableSize', o.finalTableSize]],
  randomSeating: (o) => [['unusedSeats', o.unusedSeats]],
};

// Tables of results: [result label key, rows, [[column label (subfields/results), row => value]]]
const TABLES = {
  sidePots: (o, S) => [
    ['pots', o.pots, [['pots', (p) => potLabel(p.name, S)], ['amount', (p) => p.amount], ['eligible', (p) => p.eligible]]],
    ...(o.returned && o.returned.length ? [['returned', o.returned, [['id', (r) => r.id], ['amount', (r) => r.amount]]]] : [])],
  oddChips: (o) => [['awards', o.awards, [['seat', (a) => a.seat], ['amount', (a) => a.amount]]]],
  tableBalancing: (o, S) => [['tables', o.tables, [['table', (t) => t.id], ['players', (t) => t.players],
    ['halt', (t) => S.values[t.halt] || t.halt]]]],
  randomSeating: (o) => [['assignments', o.assignments, [['name', (a) => a.player], ['card', (a) => a.card], ['seatCard', (a) => a.seat]]]],
};

// Step params that are codes, not data: shown through `values`.
const CODE_PARAMS = new Set(['side', 'halt', 'from', 'event', 'phase', 'name']);

// ------------------------------------------------------------------ helpers

let uid = 0;
const nextId = (base) => `${base}-${++uid}`;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

function format(template, params, S, nf) {
  return String(template).replace(/\{(\w+)\}/g, (m, key) => {
    if (!params || !(key in params)) return m;
    return display(params[key], S, nf, CODE_PARAMS.has(key));
  });
}

// The engine names pots "main", "side1", "side2"…: stable ids, shown in the page's language.
function potLabel(name, S) {
  const side = /^side(\d+)$/.exec(name);
  return side ? format(S.values.side_pot, { n: side[1] }, S, null) : S.values[name] || name;
}

/** A number as the page shows it. −0 (from arithmetic such as a negated zero) is written 0, not
 * Intl.NumberFormat's "-0". */
export function formatNumber(value, nf) {
  return nf.format(value === 0 ? 0 : value);
}

function display(value, S, nf, isCode = true, set = null) {
  if (value === null || value === undefined || value === '') return S.ui.not_applicable;
  if (typeof value === 'number') return formatNumber(value, nf);
  if (typeof value === 'boolean') return value ? S.ui.answer_yes : S.ui.answer_no;
  if (Array.isArray(value)) return value.map((v) => display(v, S, nf, isCode, set)).join(', ');
  if (typeof value === 'string' && set && S.options[set] && S.options[set][value]) return S.options[set][value];
  if (typeof value === 'string' && isCode && S.values[value]) return S.values[value];
  if (typeof value === 'string' && isCode && /^side\d+$/.test(value)) return potLabel(value, S);
  return String(value);
}

function message(table, item, S, nf) {
  const text = table[item.code];
  return text ? format(text, item.params || {}, S, nf) : item.code;
}

// ------------------------------------------------------------------ the form

class Calculator {
  constructor(section, S) {
    this.section = section;
    this.S = S;
    this.id = section.dataset.calc;
    this.fn = calculators[this.id];
    this.strings = S.calculators[this.id] || { title: this.id, fields: {} };
    this.nf = new Intl.NumberFormat(S.language, { maximumFractionDigits: 2 });
    this.base = section.id || nextId('calc');
    this.body = section.querySelector('.tda-calc-body') || section.appendChild(el('div', { class: 'tda-calc-body' }));
  }

  label(name) {
    const f = this.strings.fields[name];
    return (f && f.label) || name;
  }

  render() {
    this.body.textContent = '';
    this.body.removeAttribute('aria-live');
    this.form = el('form', { class: 'tda-calc-form', novalidate: true, onsubmit: (e) => { e.preventDefault(); this.safely(() => this.run()); } });
    this.groups = [];
    for (const spec of SPECS[this.id]) this.form.append(this.group(spec));
    this.form.append(el('div', { class: 'tda-calc-actions' },
      el('button', { type: 'submit', class: 'tda-calc-submit md-button md-button--primary', text: this.S.ui.calculate }),
      el('button', { type: 'button', class: 'tda-calc-clear md-button', text: this.S.ui.reset_form,
        onclick: () => this.safely(() => this.render()) })));
    this.form.addEventListener('input', () => this.safely(() => this.applyWhen()));
    this.form.addEventListener('change', () => this.safely(() => this.applyWhen()));
    this.output = el('div', { class: 'tda-calc-output', 'aria-live': 'polite' });
    this.body.append(this.form, this.output);
    this.applyWhen();
  }

  group(spec) {
    const id = `${this.base}-${spec.name}`;
    const f = this.strings.fields[spec.name] || {};
    const helpId = f.help ? `${id}-help` : null;
    const wrap = el('div', { class: `tda-calc-field tda-calc-${spec.type}`, 'data-field': spec.name });
    wrap.spec = spec;
    const optional = spec.optional ? el('span', { class: 'tda-calc-optional', text: ` (${this.S.ui.optional})` }) : null;
    if (spec.type === 'list' || spec.type === 'rows' || spec.type === 'pairs') {
      const fs = el('fieldset', { class: 'tda-calc-set', 'aria-describedby': helpId });
      fs.append(el('legend', {}, this.label(spec.name), optional));
      if (helpId) fs.append(el('p', { class: 'tda-calc-help', id: helpId, text: f.help }));
      const rows = el('div', { class: 'tda-calc-rows' });
      const add = el('button', { type: 'button', class: 'tda-calc-add', text: `+ ${this.S.ui.add_row}`,
        'aria-label': `${this.S.ui.add_row}: ${this.label(spec.name)}`,
        onclick: () => this.safely(() => { const row = this.addRow(wrap); row.querySelector('input,select')?.focus(); }) });
      fs.append(rows, add);
      wrap.append(fs);
      wrap.rowsBox = rows;
      for (let i = 0; i < (spec.rows ?? 1); i++) this.addRow(wrap);
    } else {
      const control = this.control(spec, id, helpId, spec.name);
      if (spec.type === 'check') {
        wrap.append(el('div', { class: 'tda-calc-checkline' }, control, el('label', { for: id }, this.label(spec.name))));
      } else {
        wrap.append(el('label', { for: id }, this.label(spec.name), optional), control);
      }
      if (helpId) wrap.append(el('p', { class: 'tda-calc-help', id: helpId, text: f.help }));
    }
    this.groups.push(wrap);
    return wrap;
  }

  control(spec, id, helpId, path) {
    let node;
    if (spec.type === 'num') {
      node = el('input', { type: 'text', inputmode: 'decimal', autocomplete: 'off', id, 'data-path': path });
    } else if (spec.type === 'text') {
      node = el('input', { type: 'text', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false', id, 'data-path': path });
    } else if (spec.type === 'select') {
      node = el('select', { id, 'data-path': path },
        spec.values.map((v) => el('option', { value: v, text: display(v, this.S, this.nf, true, spec.set) })));
    } else if (spec.type === 'tristate') {
      node = el('select', { id, 'data-path': path },
        ['', 'true', 'false'].map((v) => el('option', { value: v, text: this.S.options.tristate[v] })));
    } else {
      node = el('input', { type: 'checkbox', id, 'data-path': path, checked: spec.checked });
    }
    node.spec = spec;
    if (helpId) node.setAttribute('aria-describedby', helpId);
    node.dataset.help = helpId || '';
    return node;
  }

  addRow(wrap) {
    const spec = wrap.spec;
    const n = wrap.rowsBox.children.length + 1;
    const rowId = nextId(`${this.base}-${spec.name}`);
    const row = el('fieldset', { class: 'tda-calc-row' });
    row.append(el('legend', { class: 'tda-calc-rowlabel', text: this.S.ui.row.replace('{n}', n) }));
    const cells = el('div', { class: 'tda-calc-cells' });
    const cols = spec.type === 'list' ? [{ name: '', type: spec.item, set: spec.set, values: spec.values, sub: spec.sub }] : spec.cols;
    for (const col of cols) {
      const id = `${rowId}-${col.name || 'v'}`;
      const control = this.control(col, id, null, '');
      const text = (this.S.subfields[col.sub] || col.sub || col.name);
      const cell = el('div', { class: `tda-calc-cell tda-calc-${col.type}`, 'data-col': col.name });
      if (col.type === 'check') cell.append(el('div', { class: 'tda-calc-checkline' }, control, el('label', { for: id, text })));
      else cell.append(el('label', { for: id, text }), control);
      cells.append(cell);
    }
    const remove = el('button', { type: 'button', class: 'tda-calc-remove', text: '×',
      onclick: () => this.safely(() => { row.remove(); this.renumber(wrap); wrap.querySelector('.tda-calc-add').focus(); }) });
    row.append(cells, remove);
    wrap.rowsBox.append(row);
    this.renumber(wrap);
    return row;
  }

  renumber(wrap) {
    [...wrap.rowsBox.children].forEach((row, i) => {
      const label = this.S.ui.row.replace('{n}', i + 1);
      row.querySelector('legend').textContent = label;
      row.querySelector('.tda-calc-remove').setAttribute('aria-label', this.S.ui.remove_row.replace('{n}', i + 1));
    });
  }

  // Raw values of the simple fields, for the `when` conditions.
  raw() {
    const out = {};
    for (const g of this.groups) {
      const c = g.querySelector(':scope > label + input, :scope > label + select, :scope > .tda-calc-checkline > input');
      if (c) out[g.spec.name] = c.type === 'checkbox' ? c.checked : c.value.trim();
    }
    return out;
  }

  applyWhen() {
    const raw = this.raw();
    for (const g of this.groups) g.hidden = g.spec.when ? !g.spec.when(raw) : false;
  }

  static value(control) {
    const spec = control.spec;
    if (spec.type === 'check') return control.checked;
    const v = control.value.trim();
    if (spec.type === 'tristate') return v === '' ? undefined : v === 'true';
    return v === '' ? undefined : v;
  }

  // The engine input, and data-path on every control so errors find their field.
  collect() {
    const input = {};
    for (const g of this.groups) {
      if (g.hidden) continue;
      const spec = g.spec;
      if (spec.type === 'list') {
        const items = [];
        for (const row of g.rowsBox.children) {
          const c = row.querySelector('input,select');
          const v = Calculator.value(c);
          c.dataset.path = '';
          if (v === undefined) continue;
          c.dataset.path = `${spec.name}[${items.length}]`;
          items.push(v);
        }
        input[spec.name] = items;
      } else if (spec.type === 'rows' || spec.type === 'pairs') {
        const items = [];
        const object = Object.create(null);     // keys the reader typed (places): never Object.prototype's
        for (const row of g.rowsBox.children) {
          const controls = [...row.querySelectorAll('input,select')];
          const item = {};
          for (const c of controls) { const v = Calculator.value(c); if (v !== undefined) item[c.spec.name] = v; }
          const filled = controls.some((c) => c.spec.type !== 'check' && c.spec.type !== 'select' && c.spec.type !== 'tristate' && c.value.trim() !== '');
          controls.forEach((c) => { c.dataset.path = ''; });
          if (!filled) continue;
          if (spec.type === 'pairs') {
            const [k, v] = spec.cols.map((col) => item[col.name]);
            controls[1].dataset.path = `${spec.name}.${k}`;
            if (k !== undefined) object[k] = v;
            continue;
          }
          for (const c of controls) {
            if (c.spec.send && !c.spec.send(item)) { delete item[c.spec.name]; continue; }
            c.dataset.path = `${spec.name}[${items.length}].${c.spec.name}`;
          }
          items.push(item);
        }
        if (spec.type === 'pairs') { if (Object.keys(object).length) input[spec.name] = object; } else input[spec.name] = items;
      } else {
        const c = g.querySelector(`[data-path="${spec.name}"]`);
        const v = Calculator.value(c);
        if (v !== undefined) input[spec.name] = v;
      }
    }
    input.locale = this.S.language;         // numbers are read as this language writes them (12,500 / 12 500)
    return input;
  }

  clearErrors() {
    for (const e of this.form.querySelectorAll('.tda-calc-error')) e.remove();
    for (const c of this.form.querySelectorAll('[aria-invalid]')) {
      c.removeAttribute('aria-invalid');
      if (c.dataset.help) c.setAttribute('aria-describedby', c.dataset.help); else c.removeAttribute('aria-describedby');
    }
  }

  showErrors(errors) {
    const general = [];
    let first = null;
    for (const error of errors) {
      const text = message(this.S.errors, error, this.S, this.nf);
      const field = String(error.field || '');
      let control = field ? this.form.querySelector(`[data-path="${CSS.escape(field)}"]`) : null;
      let anchor = control ? control.closest('.tda-calc-cell, .tda-calc-field') : null;
      if (!control) {
        const top = field.split(/[.[]/)[0];
        const group = top && this.form.querySelector(`[data-field="${CSS.escape(top)}"]`);
        if (group && !group.hidden) { anchor = group; control = group.querySelector('input,select'); }
      }
      if (!anchor) { general.push(text); continue; }
      const id = nextId(`${this.base}-err`);
      const node = el('p', { class: 'tda-calc-error', id, text });
      if (anchor.classList.contains('tda-calc-field') && anchor.querySelector('fieldset')) anchor.querySelector('fieldset').append(node);
      else anchor.append(node);
      if (control) {
        control.setAttribute('aria-invalid', 'true');
        control.setAttribute('aria-describedby', [control.dataset.help, id].filter(Boolean).join(' '));
        first = first || control;
      }
    }
    this.output.textContent = '';
    this.output.append(el('p', { class: 'tda-calc-alert', role: 'alert', text: this.S.ui.fix_fields }));
    if (general.length) this.output.append(el('ul', { class: 'tda-calc-general' }, general.map((t) => el('li', { text: t }))));
    if (first) first.focus();
  }

  run() {
    this.clearErrors();
    const input = this.collect();
    if (this.id === 'randomSeating') input.rng = cryptoInt;
    const out = this.fn(input);
    if (!out || !out.ok) { this.showErrors((out && out.errors) || [{ field: 'input', code: 'internal_error', params: {} }]); return; }
    this.showResult(out);
  }

  showResult(out) {
    const S = this.S;
    const box = el('div', { class: 'tda-calc-result' });
    box.append(el('h3', { class: 'tda-calc-h', text: S.ui.result }));
    const dl = el('dl', { class: 'tda-calc-summary' });
    for (const [key, value, set] of (SUMMARY[this.id] || (() => []))(out)) {
      if (value === undefined || (value === null && key !== 'minRaiseTo' && key !== 'minBetTo' && key !== 'amount')) continue;
      const shown = value === null ? S.values.tdDiscretion : display(value, S, this.nf, true, set);
      dl.append(el('div', { class: 'tda-calc-kv', 'data-key': key },
        el('dt', { text: S.results[key] || key }),
        el('dd', { 'data-value': Array.isArray(value) ? value.join(',') : String(value), text: shown })));
    }
    if (dl.children.length) box.append(dl);
    for (const [key, rows, cols] of (TABLES[this.id] ? TABLES[this.id](out, S) : [])) {
      if (!rows || !rows.length) continue;
      const head = el('tr', {}, cols.map(([k]) => el('th', { scope: 'col', text: S.subfields[k] || S.results[k] || k })));
      const body = rows.map((r) => el('tr', {}, cols.map(([, get]) => el('td', { text: display(get(r), S, this.nf, false) }))));
      box.append(el('div', { class: 'tda-calc-table', 'data-key': key },
        el('table', {}, el('caption', { text: S.results[key] || key }), el('thead', {}, head), el('tbody', {}, body))));
    }
    if (this.id === 'randomSeating') box.append(el('p', { class: 'tda-calc-help', text: S.ui.seating_random_source }));
    const cites = out.citations || [];
    // What the rules leave open is said in the result itself, above the arithmetic (each point once).
    const open = out.discretion || [];
    if (out.tdDiscretion || cites.includes('1') || open.length) {
      const td = el('div', { class: 'tda-calc-td', role: 'note' }, el('p', { text: S.ui.td_rule_1 }));
      if (open.length) td.append(el('ul', { class: 'tda-calc-discretion' }, open.map((s) => el('li', { 'data-code': s.code, text: message(S.steps, s, S, this.nf) }))));
      box.append(td);
    }
    const said = new Set(open.map((s) => s.code));
    box.append(this.stepsList((out.steps || []).filter((s) => !said.has(s.code))));
    box.append(this.citationList(cites));
    this.output.textContent = '';
    this.output.append(box);
    // On a phone the result appears below the fold: bring it into view and move focus to it, so
    // Calculate visibly does something (and a screen reader reads the result next).
    const heading = box.querySelector('h3');
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    const still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    box.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }

  // Under a result's h3 the lists take h4; the clock shows them straight under its h2, so h3 there.
  stepsList(steps, level = 'h4') {
    const ol = el('ol', { class: 'tda-calc-steps' }, steps.map((s) => el('li', { 'data-code': s.code, text: message(this.S.steps, s, this.S, this.nf) })));
    return el('div', { class: 'tda-calc-stepbox' }, el(level, { class: 'tda-calc-h', text: this.S.ui.steps }), ol);
  }

  citationList(cites, level = 'h4') {
    const list = el('ul', { class: 'tda-calc-cites' });
    for (const id of cites) {
      const c = this.S.citations[id];
      if (!c) { list.append(el('li', { 'data-cite': id, text: id })); continue; }
      const quote = el('blockquote', { class: `tda-calc-quote${c.missing ? ' tda-missing' : ''}`, lang: this.S.language },
        c.text.split('\n').map((line) => el('p', { text: line })));
      const link = el('a', { href: c.url, class: 'tda-calc-cite', text: c.label });
      const head = el('span', { class: 'tda-calc-cite-head' }, link, ' ', el('span', { class: 'tda-calc-cite-title', text: c.title }));
      const item = c.text.length > 700
        ? el('details', {}, el('summary', {}, head), quote)
        : el('div', {}, head, quote);
      list.append(el('li', { 'data-cite': id }, item));
    }
    return el('div', { class: 'tda-calc-citebox' }, el(level, { class: 'tda-calc-h', text: this.S.ui.citations }), list);
  }

  safely(fn) {
    try { return fn(); } catch (error) { this.fail(error); return undefined; }
  }

  fail(error) {
    try {
      const text = (this.S.ui.load_failed || '{message}').replace('{message}', String(error && error.message || error));
      const target = this.output || this.body;
      target.append(el('p', { class: 'tda-calc-alert', role: 'alert', text }));
    } catch (_) { /* nothing left to show it with */ }
  }
}

// Uniform integer in [0, n) from the browser's cryptographic generator (rejection sampling).
function cryptoInt(n) {
  const limit = Math.floor(0x100000000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0] < limit) return buf[0] % n;
  }
}

// ------------------------------------------------------------------ the clock (Rule 29)

class Clock extends Calculator {
  render() {
    const S = this.S;
    this.body.textContent = '';
    this.body.removeAttribute('aria-live');
    this.form = el('form', { class: 'tda-calc-form', novalidate: true, onsubmit: (e) => e.preventDefault() });
    this.groups = [];
    for (const spec of [{ name: 'baseSeconds', type: 'num', value: 25 }, { name: 'countdownSeconds', type: 'num', value: 5 },
      { name: 'facingBet', type: 'check', checked: true }]) {
      const g = this.group(spec);
      if (spec.value) g.querySelector('input').value = String(spec.value);
      this.form.append(g);
    }
    this.face = el('div', { class: 'tda-clock-face', role: 'timer', 'aria-atomic': 'true' });
    this.digits = el('div', { class: 'tda-clock-digits', 'aria-hidden': 'true' });
    this.phaseText = el('div', { class: 'tda-clock-phase', 'aria-live': 'assertive' });
    this.face.append(this.digits, this.phaseText);
    const button = (key, fn, cls = '') => el('button', { type: 'button', class: `tda-clock-btn md-button ${cls}`, 'data-act': key,
      text: S.ui[`clock_${key}`], onclick: () => this.safely(fn) });
    this.buttons = {
      start: button('start', () => this.event('start'), 'md-button--primary'),
      pause: button('pause', () => this.event('pause')),
      resume: button('resume', () => this.event('resume'), 'md-button--primary'),
      act: button('act', () => this.event('act'), 'md-button--primary'),
      reset: button('reset', () => this.event('reset')),
      fullscreen: button('fullscreen', () => this.toggleFullscreen()),
    };
    if (!document.fullscreenEnabled) this.buttons.fullscreen.hidden = true;
    this.controls = el('div', { class: 'tda-clock-controls' }, Object.values(this.buttons));
    this.output = el('div', { class: 'tda-calc-output' });
    this.stepsSoFar = [];
    this.body.append(this.form, this.face, this.controls, this.output);
    document.addEventListener('fullscreenchange', () => this.safely(() => {
      this.buttons.fullscreen.textContent = document.fullscreenElement === this.section ? S.ui.clock_exit_fullscreen : S.ui.clock_fullscreen;
    }));
    this.event('init');
  }

  config() {
    const value = (name) => { const c = this.form.querySelector(`[data-path="${name}"]`); return c.type === 'checkbox' ? c.checked : (c.value.trim() || undefined); };
    return { baseSeconds: value('baseSeconds'), countdownSeconds: value('countdownSeconds'), facingBet: value('facingBet') };
  }

  event(type) {
    if (type === 'start') this.audio();
    this.clearErrors();
    const out = calculators.clock({ state: this.state, event: { type, at: performance.now() }, config: this.config() });
    if (!out.ok) { this.showErrors(out.errors); return; }
    if (type === 'init' || type === 'reset') this.stepsSoFar = [];
    this.apply(out);
  }

  apply(out) {
    this.state = out.state;
    this.stepsSoFar.push(...out.steps);
    for (const signal of out.signals || []) this.signal(signal);
    const S = this.S;
    const phase = out.phase;
    this.section.dataset.phase = phase;
    this.digits.textContent = String(out.displaySeconds);
    this.face.setAttribute('aria-label', S.ui.clock_seconds_left.replace('{seconds}', out.displaySeconds));
    const outcome = out.outcome ? ` — ${S.values[out.outcome] || out.outcome}` : '';
    const phaseText = `${S.values[phase] || phase}${outcome}`;
    if (this.phaseText.textContent !== phaseText) this.phaseText.textContent = phaseText;
    const running = phase === 'running' || phase === 'countdown';
    this.buttons.start.hidden = phase !== 'idle';
    this.buttons.pause.hidden = !running;
    this.buttons.resume.hidden = phase !== 'paused';
    this.buttons.act.disabled = !(running || phase === 'paused');
    for (const c of this.form.querySelectorAll('input')) c.disabled = phase !== 'idle';
    if (running && !this.timer) this.timer = setInterval(() => this.safely(() => this.tick()), 100);
    if (!running && this.timer) { clearInterval(this.timer); this.timer = null; }
    if (out.steps.length || phase === 'idle') {
      this.output.textContent = '';
      this.output.append(this.stepsList(this.stepsSoFar, 'h3'), this.citationList(out.citations || ['29'], 'h3'));
    }
  }

  tick() {
    const out = calculators.clock({ state: this.state, event: { type: 'tick', at: performance.now() } });
    if (out.ok) this.apply(out);
  }

  signal(kind) {
    try { if (navigator.vibrate) navigator.vibrate(kind === 'expired' ? [400, 150, 400] : 200); } catch (_) { /* not allowed */ }
    this.beep(kind === 'expired' ? 440 : 880, kind === 'expired' ? 0.6 : 0.15);
  }

  audio() {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (Ctx && !this.audioContext) this.audioContext = new Ctx();
      if (this.audioContext && this.audioContext.state === 'suspended') this.audioContext.resume().catch(() => {});
    } catch (_) { this.audioContext = null; }
  }

  beep(freq, seconds) {
    try {
      const ctx = this.audioContext;
      if (!ctx || ctx.state !== 'running') return;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.2, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + seconds);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + seconds);
    } catch (_) { /* sound is optional */ }
  }

  toggleFullscreen() {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    else if (this.section.requestFullscreen) this.section.requestFullscreen().catch(() => {});
  }
}

// ------------------------------------------------------------------ start

async function loadStrings(language) {
  const response = await fetch(`/data/ui/calculators.${encodeURIComponent(language)}.json`);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

function failAll(sections, error) {
  for (const section of sections) {
    try {
      const body = section.querySelector('.tda-calc-body') || section;
      body.textContent = '';
      body.append(el('p', { class: 'tda-calc-alert', role: 'alert',
        text: `The calculator could not start (${String(error && error.message || error)}).` }));
    } catch (_) { /* ignore */ }
  }
}

function onScreen(element) {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
}

// A form built makes its section taller. On a rule page it is built when it comes near the screen,
// often while a reader tabs through what follows it (the rules that refer here): the element they
// focused must not be pushed off the screen.
function keepingFocusInView(section, render) {
  const active = document.activeElement;
  const watched = active && active !== document.body && !section.contains(active) && onScreen(active) ? active : null;
  render();
  if (watched && !onScreen(watched)) watched.scrollIntoView({ block: 'center' });
}

export async function start(root = document) {
  const sections = [...root.querySelectorAll('section.tda-calc[data-calc]')];
  if (!sections.length) return [];
  let S;
  try {
    S = await loadStrings(document.documentElement.lang || sections[0].dataset.lang || 'en');
  } catch (error) {
    failAll(sections, error);
    return [];
  }
  const made = [];
  const make = (section) => {
    try {
      if (section.dataset.ready) return;
      if (!calculators[section.dataset.calc]) return;
      const calc = section.dataset.calc === 'clock' ? new Clock(section, S) : new Calculator(section, S);
      keepingFocusInView(section, () => calc.render());
      section.dataset.ready = 'true';
      made.push(calc);
    } catch (error) {
      failAll([section], error);
    }
  };
  for (const section of sections) {
    // On the Calculators page each one waits closed in the index: build its form when it
    // is opened, not all thirteen at load (that was most of the page's main-thread time).
    const closed = section.closest('details:not([open])');
    if (closed) closed.addEventListener('toggle', () => { if (closed.open) make(section); });
    else make(section);
  }
  return made;
}

try {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => { start().catch(() => {}); });
  else start().catch(() => {});
} catch (_) { /* never into the console */ }
