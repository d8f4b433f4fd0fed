import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parseInvoiceNumber } from '#shared/invoice-number.ts';

/**
 * Rules every screen keeps, checked over the source so a new screen cannot forget them (issue 28
 * items 16 and 22): calendars start the week on Monday (SPEC.md §1), period pickers open over the
 * page, a field's label is not repeated by its segmented control on a phone, list header buttons
 * keep their gaps, an example invoice number passes its own check digit, and Japanese spells
 * フォルダー one way.
 */
const root = normalize(join(dirname(new URL(import.meta.url).pathname), '../..'));

function sources(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : sources(path, pattern);
    return pattern.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each .tsx file parsed once for all the rules (parsing is most of their time). */
const parsedFiles = new Map<string, ts.SourceFile>();
function parsed(file: string): ts.SourceFile {
  let source = parsedFiles.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    parsedFiles.set(file, source);
  }
  return source;
}

const CALENDARS = ['@cloudscape-design/components/date-picker', '@cloudscape-design/components/date-range-picker', '@cloudscape-design/components/calendar'];

/** Each use of a Cloudscape calendar in a file: which component, where, and what it is told. */
function calendarUses(file: string): { component: string; line: number; attributes: Map<string, string>; spreadAfter: boolean }[] {
  const source = parsed(file);
  const local = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const module = statement.moduleSpecifier.text;
    if (CALENDARS.includes(module) && statement.importClause?.name && !statement.importClause.isTypeOnly) local.set(statement.importClause.name.text, module.split('/').at(-1)!);
  }
  const uses: ReturnType<typeof calendarUses> = [];
  const visit = (node: ts.Node) => {
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && local.has(node.tagName.getText(source))) {
      const attributes = new Map<string, string>();
      let spreadAfter = false;
      for (const property of node.attributes.properties) {
        if (ts.isJsxSpreadAttribute(property)) {
          spreadAfter = true;
          continue;
        }
        const name = property.name.getText(source);
        attributes.set(name, property.initializer ? property.initializer.getText(source) : 'true');
        if (name === 'startOfWeek') spreadAfter = false;
      }
      uses.push({ component: local.get(node.tagName.getText(source))!, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, attributes, spreadAfter });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

describe('calendars', () => {
  const uses = sources('web/src', /\.tsx$/).flatMap((file) => calendarUses(file).map((use) => ({ ...use, at: `${file}:${use.line}` })));

  it('are found (the check reads the source it should)', () => {
    expect(uses.map((use) => use.component)).toEqual(expect.arrayContaining(['date-picker', 'date-range-picker']));
  });

  it('start the week on Monday in every language, never overridden by a later spread', () => {
    const wrong = uses.filter((use) => use.attributes.get('startOfWeek') !== '{1}' || use.spreadAfter).map((use) => use.at);
    expect(wrong).toEqual([]);
  });

  it('of a period open over the page (inside the window at any size)', () => {
    const wrong = uses.filter((use) => use.component === 'date-range-picker' && use.attributes.get('expandToViewport') !== 'true').map((use) => use.at);
    expect(wrong).toEqual([]);
  });
});

/** SegmentedControls given their own `label` inside a FormField that has one: the label shows twice on a phone. */
function doublyLabelled(file: string): string[] {
  const source = parsed(file);
  const found: string[] = [];
  const attribute = (element: ts.JsxOpeningLikeElement, name: string) =>
    element.attributes.properties.some((property) => ts.isJsxAttribute(property) && property.name.getText(source) === name);
  const visit = (node: ts.Node, field: ts.JsxOpeningLikeElement | undefined) => {
    let inField = field;
    if (ts.isJsxElement(node)) {
      const opening = node.openingElement;
      if (opening.tagName.getText(source) === 'FormField' && attribute(opening, 'label')) inField = opening;
    }
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText(source) === 'SegmentedControl' && inField && attribute(node, 'label')) {
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, (child) => visit(child, inField));
  };
  visit(source, undefined);
  return found;
}

describe('segmented controls', () => {
  it('inside a labelled form field take its label (ariaLabelledby), not a second one that a phone shows beside it', () => {
    expect(sources('web/src', /\.tsx$/).flatMap(doublyLabelled)).toEqual([]);
  });
});

/** A list page's header actions given as a bare fragment: server-table.tsx puts them in one slot, where they touch once wrapped. */
function bareActions(file: string): string[] {
  const source = parsed(file);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText(source) === 'ServerTable') {
      for (const property of node.attributes.properties) {
        if (!ts.isJsxAttribute(property) || property.name.getText(source) !== 'actions') continue;
        const value = property.initializer && ts.isJsxExpression(property.initializer) ? property.initializer.expression : undefined;
        if (value && ts.isJsxFragment(value)) found.push(`${file}:${source.getLineAndCharacterOfPosition(property.getStart()).line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('list headers', () => {
  it('space their action buttons themselves (a SpaceBetween, not a fragment), so they never touch when they wrap', () => {
    expect(sources('web/src', /\.tsx$/).flatMap(bareActions)).toEqual([]);
  });
});

describe('texts', () => {
  const texts = [...sources('web/src', /\.tsx?$/), ...sources('shared', /\.ts$/), ...sources('functions', /\.ts$/)].map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));

  it('give example invoice numbers that pass their own check digit', () => {
    const examples = texts.flatMap(({ file, text }) => [...text.matchAll(/T\d{13}/g)].map((match) => ({ file, example: match[0] })));
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.filter(({ example }) => !parseInvoiceNumber(example).ok)).toEqual([]);
  });

  it('spell フォルダー one way in Japanese', () => {
    const stray = texts.flatMap(({ file, text }) => text.split('\n').flatMap((line, index) => (/フォルダ(?!ー)/.test(line) ? [`${file}:${index + 1}`] : [])));
    expect(stray).toEqual([]);
  });
});
