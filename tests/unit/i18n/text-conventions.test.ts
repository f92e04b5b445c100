/**
 * Every word a person reads comes from the catalog (docs/ARCHITECTURE.md, "Text"): no string literal is rendered
 * as text in the popup, the options page, the organizer (Bookmarks tab and sidebar) or the background's
 * notifications, nor put into the reports and errors the pages show (cleanup, undo and import problems, the
 * messaging layer's refusals); every message id the code uses exists
 * in every locale, with no more substitutions than the English message; no AppError anywhere under src/ carries a
 * literal message; and no id sits unused in the catalogs.
 * The failure messages say what to change, file and line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { substitutionCount } from '../../../scripts/message-args.mjs';

const root = resolve(import.meta.dirname, '../../..');
type Entry = { message: string; placeholders?: Record<string, { content: string }> };
const readCatalog = (locale: string) => JSON.parse(readFileSync(join(root, '_locales', locale, 'messages.json'), 'utf8')) as Record<string, Entry>;
const locales = readdirSync(join(root, '_locales'));
const english = readCatalog('en');

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(root, dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(relative(root, path)));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(relative(root, path));
  }
  return out;
}

/**
 * Where people read text: the pages' UI code (popup, options page with its link-health view, the organizer of the
 * Bookmarks tab and the sidebar, the components and words they share in src/ui and src/operation-words), what the background shows (notifications, menus, the button), and what makes the
 * reports and errors the pages show (cleanup, undo and import problems, the messaging layer's refusals).
 */
const UI_FILES = [
  ...filesUnder('src/popup-ui'),
  ...filesUnder('src/options-ui'),
  ...filesUnder('src/organizer-ui'),
  ...filesUnder('src/ui'),
  ...filesUnder('src/operation-words'),
  'src/dedup/cleanup/apply.ts',
  'src/dedup/cleanup/run-state.ts',
  'src/dedup/cleanup/merge-tags.ts',
  'src/dedup/cleanup/move-children.ts',
  'src/dedup/cleanup/copied-folders.ts',
  'src/dedup/cleanup/replace-folders.ts',
  'src/dedup/cleanup/remove-loose.ts',
  'src/dedup/cleanup/remove-emptied.ts',
  'src/dedup/cleanup/put-back.ts',
  'src/dedup/cleanup/rescue.ts',
  'src/dedup/cleanup/kept-copies.ts',
  'src/dedup/cleanup/plan-check.ts',
  'src/operation-history/undo.ts',
  'src/operation-history/undo-created.ts',
  'src/operation-history/undo-edits.ts',
  'src/operation-history/undo-placements.ts',
  'src/operation-history/undo-tags.ts',
  'src/bookmarks-html/parse.ts',
  'src/bookmarks-html/import.ts',
  'src/bookmarks-html/import-tags.ts',
  'src/messaging/router.ts',
  'src/app-protocol/client.ts',
  'src/messaging/errors.ts',
  'src/messaging/schema-issues.ts',
  'src/quick-bookmark/outcome.ts',
  'src/quick-bookmark/notifier.ts',
  'src/quick-bookmark/menus.ts',
  'src/quick-bookmark/bookmarkable.ts',
  'src/quick-bookmark/target-folder.ts',
  'src/quick-bookmark/quick-bookmarker.ts',
  'src/toolbar-button/button-look.ts',
  'src/link-health/marker-text.ts',
  'src/link-health/fixes.ts',
];
/** Attributes and props whose value a person reads or hears. */
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'placeholder',
  'alt',
  'label',
  'heading',
  'submitLabel',
  'confirmLabel',
  'addLabel',
  'unit',
  'detail',
]);
/** Object properties that end up in front of a person (notifications, menu items, refusal reasons, notes). */
const TEXT_PROPERTIES = new Set(['title', 'message', 'reason', 'note', 'help', 'label', 'name', 'detail']);
/** Calls whose string argument is shown: state setters for messages, errors thrown to the page. */
const SHOWN_BY = /^(set(Error|Notice|Status|Message|Note|PageError)|onDone|onError|afterChange|Error)$/;
/** Letters make prose; '×', '…', '·', ' · ' and '#' do not. */
const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

interface Finding {
  where: string;
  text: string;
}

function literalsIn(node: ts.Node, out: string[]): void {
  // t('id') and plural('base', n) are the way; comparisons ('done' === state) and keys are not shown.
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ['t', 'plural', 'ordinal', 'msg', 'msgPlural'].includes(node.expression.text)) return;
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(
      node.operatorToken.kind,
    )
  )
    return;
  if (ts.isConditionalExpression(node)) {
    literalsIn(node.whenTrue, out);
    literalsIn(node.whenFalse, out);
    return;
  }
  if (ts.isElementAccessExpression(node) || ts.isPropertyAccessExpression(node)) return;
  if (ts.isCallExpression(node)) {
    // .join(', '), .split(','), .map(...): arguments are not text; the receiver may be.
    literalsIn(node.expression, out);
    return;
  }
  if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) return; // visited on their own
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    if (hasWords(node.text)) out.push(node.text);
    return;
  }
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('…');
    if (hasWords(parts)) out.push(node.getText());
    for (const span of node.templateSpans) literalsIn(span.expression, out);
    return;
  }
  ts.forEachChild(node, (child) => literalsIn(child, out));
}

function renderedLiterals(file: string, text = readFileSync(join(root, file), 'utf8')): Finding[] {
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const report = (node: ts.Node, literals: string[]) => {
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    for (const literal of literals) findings.push({ where: `${file}:${line}`, text: literal });
  };
  const visit = (node: ts.Node): void => {
    if (isMessageIdTable(node)) return; // its strings are message ids, checked by the id tests below
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, [node.text.trim()]);
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      const out: string[] = [];
      literalsIn(node.expression, out);
      report(node, out);
    } else if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const out: string[] = [];
      literalsIn(ts.isJsxExpression(node.initializer) ? (node.initializer.expression ?? node.initializer) : node.initializer, out);
      report(node, out);
    } else if (ts.isPropertyAssignment(node) && TEXT_PROPERTIES.has(node.name.getText())) {
      const out: string[] = [];
      literalsIn(node.initializer, out);
      report(node, out);
    } else if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression) && SHOWN_BY.test(node.expression.text)) {
      const out: string[] = [];
      for (const arg of node.arguments ?? []) literalsIn(arg, out);
      report(node, out);
    } else if (ts.isReturnStatement(node) && node.expression && /(Label|Text|Phrase|describe\w*)$/.test(enclosingFunctionName(node))) {
      const out: string[] = [];
      literalsIn(node.expression, out);
      report(node, out);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

/**
 * `new AppError(code, message)` (or the page side's RemoteError) with a literal message (string, template, or one picked by `?:` or glued with `+`):
 * errors reach people (the pages show `error.message`), so the message must come from t() or plural().
 */
function literalErrorMessages(file: string, text = readFileSync(join(root, file), 'utf8')): Finding[] {
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const literals = (node: ts.Expression, out: string[]): void => {
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node)) literals(node.expression, out);
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) out.push(node.getText());
    else if (ts.isConditionalExpression(node)) {
      literals(node.whenTrue, out);
      literals(node.whenFalse, out);
    } else if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.PlusToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)
    ) {
      literals(node.left, out);
      literals(node.right, out);
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && ['AppError', 'RemoteError'].includes(node.expression.text) && node.arguments?.[1]) {
      const out: string[] = [];
      literals(node.arguments[1], out);
      const line = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      for (const literal of out) findings.push({ where: `${file}:${line}`, text: literal });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

/** `const LABEL: Record<Reason, MessageId> = {…}`: a table whose strings are message ids, typed so by the compiler. */
function isMessageIdTable(node: ts.Node): node is ts.VariableDeclaration & { initializer: ts.Expression } {
  return ts.isVariableDeclaration(node) && !!node.initializer && !!node.type && /\b(MessageId|PluralId)\b/.test(node.type.getText());
}

function stringsIn(node: ts.Node, out: string[]): void {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
  ts.forEachChild(node, (child) => stringsIn(child, out));
}

/** The strings a conditional can pick (its branches, not its condition: `kind === 'import' ? 'a' : 'b'` picks a or b). */
function branchStrings(node: ts.Node, out: string[]): void {
  if (ts.isParenthesizedExpression(node)) branchStrings(node.expression, out);
  else if (ts.isConditionalExpression(node)) {
    branchStrings(node.whenTrue, out);
    branchStrings(node.whenFalse, out);
  } else stringsIn(node, out);
}

function enclosingFunctionName(node: ts.Node): string {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isFunctionDeclaration(n) && n.name) return n.name.text;
    if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && ts.isVariableDeclaration(n.parent)) return n.parent.name.getText();
  }
  return '';
}

/** Message ids the code names: t('id') and msg('id'), plural('base', …) and msgPlural (its family), ordinal(), and the manifest's __MSG_id__. */
function usedIds(): { ids: Map<string, string>; families: Map<string, string> } {
  const ids = new Map<string, string>();
  const families = new Map<string, string>();
  const code = [...filesUnder('src'), ...filesUnder('background'), ...filesUnder('popup'), ...filesUnder('options')];
  for (const file of code) {
    const text = readFileSync(join(root, file), 'utf8');
    // The id a call picks with a conditional — t(ok ? 'a' : 'b'), plural(copy ? 'x' : 'y', n) — and MessageId tables.
    const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      const chosen: string[] = [];
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        ['t', 'plural', 'msg', 'msgPlural'].includes(node.expression.text) &&
        node.arguments[0] &&
        ts.isConditionalExpression(node.arguments[0])
      ) {
        branchStrings(node.arguments[0], chosen);
        for (const id of chosen) (/^(plural|msgPlural)$/.test(node.expression.text) ? families : ids).set(id, file);
      } else if (isMessageIdTable(node)) {
        stringsIn(node.initializer, chosen);
        for (const id of chosen) if (id in english) ids.set(id, file);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    for (const m of text.matchAll(/\b(?:t|msg)\(\s*'([A-Za-z0-9_]+)'/g)) ids.set(m[1]!, file);
    for (const m of text.matchAll(/\b(?:plural|msgPlural)\(\s*'([A-Za-z0-9_]+)'/g)) families.set(m[1]!, file);
    for (const m of text.matchAll(/\blookup\(\s*`([A-Za-z0-9]+)_\$\{/g)) families.set(m[1]!, file);
    for (const m of text.matchAll(/\blookup\(\s*'([A-Za-z0-9_]+)'/g)) ids.set(m[1]!, file);
  }
  for (const m of readFileSync(join(root, 'manifest.json'), 'utf8').matchAll(/__MSG_([A-Za-z0-9_@]+)__/g)) ids.set(m[1]!, 'manifest.json');
  return { ids, families };
}

const PLURAL_FORM = /^(.*)_(zero|one|two|few|many|other)$/;

describe('text conventions', () => {
  it('no string literal is rendered as text in the popup, the options page, the organizer, notifications or the reports and errors the pages show', () => {
    const findings = UI_FILES.flatMap((file) => renderedLiterals(file));
    const advice = findings.map(
      (f) =>
        `${f.where}: “${f.text}” is shown to people as a literal. Add it to _locales/en/messages.json and every other locale (ids prefixed by your feature), then render t('<id>', …substitutions) — plural('<base>', n, …) for counts, formatNumber/formatDate for numbers and dates.`,
    );
    expect(advice).toEqual([]);
  });

  it('the checker sees a literal in JSX text, a text attribute, a shown message, a notification and a label function', () => {
    const sample = [
      "const a = <p title=\"Hello there\" class=\"muted empty\">Plain words{ok ? t('x') : 'Other words'}{state === 'done' ? '✓' : ''}</p>;",
      'setError(`Could not save: ${e.message}`);',
      "const n = { title: 'Bookmark saved', message: t('y') };",
      "function phaseLabel(p: string) { return p === 'a' ? 'Reading things' : t('z'); }",
    ].join('\n');
    expect(renderedLiterals('sample.tsx', sample).map((f) => f.text)).toEqual([
      'Hello there',
      'Plain words',
      'Other words',
      '`Could not save: ${e.message}`',
      'Bookmark saved',
      'Reading things',
    ]);
  });

  it('no AppError under src/ carries a literal message: errors reach people, so they are localized too', () => {
    const findings = filesUnder('src').flatMap((file) => literalErrorMessages(file));
    const advice = findings.map(
      (f) =>
        `${f.where}: new AppError(…, ${f.text}) throws English at people. Add the text to _locales/en/messages.json and every other locale, then pass t('<id>', …substitutions) (plural('<base>', n, …) for counts).`,
    );
    expect(advice).toEqual([]);
  });

  it('the AppError checker sees string and template literals, also picked by ?: or glued with +, and allows t(), plural() and variables', () => {
    const sample = [
      "throw new AppError('not-found', 'This bookmark no longer exists.');",
      "throw new AppError('internal', `The cleanup failed (${message}).`);",
      "throw new AppError('conflict', running ? t('a') : 'An undo is under way.');",
      "throw new AppError('internal', 'Failed: ' + reason);",
      "throw new RemoteError('internal', 'The background gave no answer.');",
      "throw new AppError('cancelled', t('jobCancelled'));",
      "throw new AppError('internal', plural('planBrokenLeft', n, url));",
      "throw new AppError('invalid-input', check.message);",
      "throw new AppError('conflict', cancelMessage);",
    ].join('\n');
    expect(literalErrorMessages('sample.ts', sample).map((f) => f.text)).toEqual([
      "'This bookmark no longer exists.'",
      '`The cleanup failed (${message}).`',
      "'An undo is under way.'",
      "'Failed: '",
      "'The background gave no answer.'",
    ]);
  });

  it('every id the code uses exists in every locale', () => {
    const { ids, families } = usedIds();
    const missing: string[] = [];
    for (const locale of locales) {
      const catalog = readCatalog(locale);
      for (const [id, file] of ids) if (!(id in catalog)) missing.push(`${file} uses "${id}": add it to _locales/${locale}/messages.json`);
      for (const [base, file] of families)
        if (!(`${base}_other` in catalog))
          missing.push(`${file} uses the plural family "${base}": add ${base}_one and ${base}_other to _locales/${locale}/messages.json`);
    }
    expect(missing).toEqual([]);
  });

  it('no id sits unused, and every locale has exactly the English ids (plus the plural forms its language needs)', () => {
    const { ids, families } = usedIds();
    const unused = Object.keys(english).filter((id) => {
      if (ids.has(id)) return false;
      const form = PLURAL_FORM.exec(id);
      return !(form && families.has(form[1]!));
    });
    expect(unused.map((id) => `"${id}" in _locales/en/messages.json is used nowhere: remove it (from every locale) or use it`)).toEqual([]);
    const wrong: string[] = [];
    for (const locale of locales.filter((l) => l !== 'en')) {
      const catalog = readCatalog(locale);
      for (const id of Object.keys(english)) if (!(id in catalog)) wrong.push(`_locales/${locale}/messages.json lacks "${id}"`);
      for (const id of Object.keys(catalog)) {
        const form = PLURAL_FORM.exec(id);
        if (!(id in english) && !(form && `${form[1]}_other` in english))
          wrong.push(`_locales/${locale}/messages.json has "${id}", which English does not: remove or rename it`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no translation takes more substitutions than its English message gives', () => {
    const wrong: string[] = [];
    for (const locale of locales.filter((l) => l !== 'en')) {
      for (const [id, entry] of Object.entries(readCatalog(locale))) {
        const form = PLURAL_FORM.exec(id);
        const reference = english[id] ?? (form ? english[`${form[1]}_other`] : undefined);
        if (reference && substitutionCount(entry) > substitutionCount(reference))
          wrong.push(`_locales/${locale}/messages.json "${id}" uses $${substitutionCount(entry)}; English gives ${substitutionCount(reference)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the pages’ CSS is ready for right-to-left: logical properties, not left/right', () => {
    const physical: string[] = [];
    for (const file of ['popup/popup.css', 'options/options.css']) {
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const m = /(?:^|[\s;{])((?:margin|padding|border)-(?:left|right)[\w-]*|left|right|text-align:\s*(?:left|right)|float:\s*(?:left|right))\s*:?/.exec(line);
          if (m)
            physical.push(
              `${file}:${i + 1}: "${m[1]}" follows the screen, not the text direction: use the logical property (…-inline-start/-end, inset-inline, text-align: start/end)`,
            );
        });
    }
    expect(physical).toEqual([]);
  });
});
