import { describe, expect, it } from 'vitest';
import {
  fieldLabelsFromLines,
  PASSIVE_MSG,
  ZConnectionFieldLabelsInput,
  ZFieldLabels,
  ZFieldLabelsText,
  ZQueryInput,
  ZSlackExportFields,
} from '../src/index';

// The shared rules of issue 33: fieldLabels (Slack field id -> label) as JSON in the export upload and
// as an object on the connection, and a query's connectionIds.

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('ZFieldLabels', () => {
  it('keeps labels by field id, trimmed', () => {
    expect(ZFieldLabels.parse({ Xf01ABC: ' Department ', Xf02: 'Office' })).toEqual({
      Xf01ABC: 'Department',
      Xf02: 'Office',
    });
    expect(ZFieldLabels.parse({})).toEqual({});
  });

  it.each([
    [['Department'], PASSIVE_MSG.fieldLabelsShape],
    ['Department', PASSIVE_MSG.fieldLabelsShape],
    [null, PASSIVE_MSG.fieldLabelsShape],
    [{ Xf01ABC: 5 }, PASSIVE_MSG.fieldLabelsShape],
    [{ Xf01ABC: { label: 'Department' } }, PASSIVE_MSG.fieldLabelsShape],
    [{ 'Xf01 ABC': 'Department' }, PASSIVE_MSG.fieldIdShape('Xf01 ABC')],
    [{ X: 'Department' }, PASSIVE_MSG.fieldIdShape('X')],
    [{ Xf01ABC: '' }, PASSIVE_MSG.fieldLabelLength('Xf01ABC')],
    [{ Xf01ABC: 'x'.repeat(101) }, PASSIVE_MSG.fieldLabelLength('Xf01ABC')],
    [{ Xf01ABC: 'TITLE' }, PASSIVE_MSG.fieldLabelTitle('Xf01ABC')],
    [{ Xf01ABC: 'Team', Xf02: ' team ' }, PASSIVE_MSG.fieldLabelTwice('team')],
    [
      Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`Xf${i}`, `L${i}`])),
      PASSIVE_MSG.tooMany('field labels', 200),
    ],
  ])('refuses %j', (value, message) => {
    expect(firstMessage(ZFieldLabels.safeParse(value))).toBe(message);
  });
});

describe('field labels as typed on the upload form, one per line', () => {
  it('reads id = label or id: label, skipping blank lines', () => {
    expect(fieldLabelsFromLines(' Xf01ABC = Department \n\nXf02:Office\r\n')).toEqual({
      labels: { Xf01ABC: 'Department', Xf02: 'Office' },
    });
    expect(fieldLabelsFromLines('')).toEqual({ labels: {} });
  });

  it('names the first line it cannot read, or what the labels break', () => {
    expect(fieldLabelsFromLines('Xf01ABC = Department\nOffice')).toEqual({
      problem: PASSIVE_MSG.fieldLabelLine('Office'),
    });
    expect(fieldLabelsFromLines('Xf01ABC =')).toEqual({ problem: PASSIVE_MSG.fieldLabelLength('Xf01ABC') });
    expect(fieldLabelsFromLines('Xf01 = Team\nXf02 = team')).toEqual({ problem: PASSIVE_MSG.fieldLabelTwice('team') });
  });
});

describe('fieldLabels in the export upload (JSON text)', () => {
  it('parses the JSON; blank or absent is no labels', () => {
    expect(ZFieldLabelsText.parse('{"Xf01ABC": "Department"}')).toEqual({ Xf01ABC: 'Department' });
    expect(ZFieldLabelsText.parse('  ')).toEqual({});
    expect(ZSlackExportFields.parse({ name: 'Acme' })).toEqual({ name: 'Acme' });
  });

  it('says what is wrong: not JSON, or JSON of the wrong shape', () => {
    expect(firstMessage(ZSlackExportFields.safeParse({ name: 'Acme', fieldLabels: '{Xf01ABC: Department}' }))).toBe(
      PASSIVE_MSG.fieldLabelsJson,
    );
    expect(firstMessage(ZSlackExportFields.safeParse({ name: 'Acme', fieldLabels: '["Department"]' }))).toBe(
      PASSIVE_MSG.fieldLabelsShape,
    );
    expect(firstMessage(ZSlackExportFields.safeParse({ name: 'Acme', fieldLabels: '{"Xf01ABC": 1}' }))).toBe(
      PASSIVE_MSG.fieldLabelsShape,
    );
  });

  it('is an object, not text, on the connection', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(ZConnectionFieldLabelsInput.parse({ id, fieldLabels: { Xf01ABC: 'Department' } })).toEqual({
      id,
      fieldLabels: { Xf01ABC: 'Department' },
    });
    expect(firstMessage(ZConnectionFieldLabelsInput.safeParse({ id, fieldLabels: '{"Xf01ABC": "Department"}' }))).toBe(
      PASSIVE_MSG.fieldLabelsShape,
    );
  });
});

describe("a query's connectionIds", () => {
  const query = { name: 'Q', sources: ['slack'], types: ['reply'] };
  const a = '00000000-0000-4000-8000-00000000000a';
  const b = '00000000-0000-4000-8000-00000000000b';

  it('is every connection when absent or empty, else the ids given, each once', () => {
    expect(ZQueryInput.parse(query).connectionIds).toEqual([]);
    expect(ZQueryInput.parse({ ...query, connectionIds: [] }).connectionIds).toEqual([]);
    expect(ZQueryInput.parse({ ...query, connectionIds: [a, b, a] }).connectionIds).toEqual([a, b]);
  });

  it('refuses what is not a list of ids, or too many', () => {
    expect(firstMessage(ZQueryInput.safeParse({ ...query, connectionIds: a }))).toBe(PASSIVE_MSG.connectionIdsShape);
    expect(firstMessage(ZQueryInput.safeParse({ ...query, connectionIds: ['slack'] }))).toBe('Invalid id');
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(firstMessage(ZQueryInput.safeParse({ ...query, connectionIds: many }))).toBe(
      PASSIVE_MSG.tooMany('connections', 100),
    );
  });
});
